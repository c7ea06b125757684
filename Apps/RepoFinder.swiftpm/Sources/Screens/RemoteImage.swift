import Foundation
import ImageLoading
import SwiftUI
import UIKit

/// An image from the app core's loader (at most five downloads at once, memory and disk caches); a symbol until it
/// arrives or when there is no loader.
struct RemoteImage: View {
    let url: URL
    let images: ImageLoader?
    @State private var image: UIImage?

    var body: some View {
        Group {
            if let image {
                Image(uiImage: image).resizable().scaledToFill()
            } else {
                Image(systemName: "person.crop.circle").resizable()
            }
        }
        .clipShape(RoundedRectangle(cornerRadius: 10))
        .task { @MainActor in
            guard let images, let data = try? await images.image(for: url) else { return }
            image = UIImage(data: data)
        }
    }
}
