import AppFeatures
import Foundation
import ImageLoading
import SwiftUI

/// A repository card: the owner's avatar, the name, the description, the facts and why it was dealt.
struct CardView: View {
    let facts: CardFacts
    let images: ImageLoader?

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                RemoteImage(url: facts.avatar, images: images).frame(width: 44, height: 44)
                VStack(alignment: .leading) {
                    Text(facts.repository.title).font(.headline)
                    if !facts.fit.isEmpty {
                        Text(facts.fit).font(.caption).foregroundStyle(Color.secondary)
                    }
                }
            }
            Text(facts.repository.summary).font(.body).lineLimit(4)
            FactsRow(facts: facts.repository)
            ForEach(facts.reasons, id: \.self) { reason in
                Label(reason, systemImage: "sparkles").font(.footnote)
            }
        }
        .padding()
        .background(Color.secondary)
        .clipShape(RoundedRectangle(cornerRadius: 20))
    }
}

/// Stars, language, licence and last update in one line.
struct FactsRow: View {
    let facts: RepositoryFacts

    var body: some View {
        HStack(spacing: 12) {
            Label(facts.stars, systemImage: "star")
            if let language = facts.language { Label(language, systemImage: "chevron.left.forwardslash.chevron.right") }
            if let updated = facts.updated { Text(updated) }
        }
        .font(.caption)
        .foregroundStyle(Color.secondary)
    }
}
