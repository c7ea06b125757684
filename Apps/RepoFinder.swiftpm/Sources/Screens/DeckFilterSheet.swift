import AppFeatures
import Foundation
import RepoFinderCore
import SwiftUI

/// The deck's filter: a language, languages to leave out (comma-separated), a minimum of stars and how alive; Apply
/// saves it for the person (every device deals with it), Widen clears it.
struct DeckFilterSheet: View {
    let model: DeckViewModel
    @Binding var isPresented: Bool
    @State private var language = ""
    @State private var leaveOut = ""
    @State private var minimumStars = 0
    @State private var health: RepositoryHealth.Level?

    var body: some View {
        List {
            TextField(Copy.filterLanguage, text: $language)
            TextField(Copy.filterLeaveOut, text: $leaveOut)
            Picker(Copy.stars, selection: $minimumStars) {
                ForEach(DeckFilterChoices.stars(), id: \.value) { choice in Text(choice.title).tag(choice.value) }
            }
            Picker(Copy.filterHealth, selection: $health) {
                Text(Copy.filterAny).tag(RepositoryHealth.Level?.none)
                Text(Copy.filterActive).tag(RepositoryHealth.Level?.some(.active))
                Text(Copy.filterQuiet).tag(RepositoryHealth.Level?.some(.quiet))
            }
            if let matching = model.matching { Text(Copy.matching(matching)) }
            Button(Copy.filterApply) {
                let excluded = leaveOut.split(separator: ",").map(String.init)
                model.send(
                    .setFilter(
                        DeckFilter(
                            languages: [language], excludedLanguages: excluded, minimumStars: minimumStars,
                            health: health)))
                isPresented = false
            }
            if model.canWiden {
                Button(Copy.filterWiden) {
                    model.send(.setFilter(DeckFilter()))
                    isPresented = false
                }
            }
        }
        .navigationTitle(Copy.filterTitle)
    }
}
