import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// What a person can do with a repository: like, save, star on GitHub (when signed in with GitHub), Compare, open on
/// GitHub and share.
struct RepositoryActions: View {
    let model: RepositoryDetailViewModel
    let compare: CompareViewModel
    let router: AppRouter
    let webURL: URL
    @Binding var showsGitHub: Bool

    var body: some View {
        Section {
            Button(model.liked ? Copy.unlike : Copy.like) { model.send(model.liked ? .unlike : .like) }
            Button(model.saved ? Copy.unsave : Copy.save) { model.send(model.saved ? .unsave : .save) }
            if let star = model.gitHubStar {
                Button(star.starred == true ? Copy.unstarOnGitHub : Copy.starOnGitHub) {
                    model.send(.toggleGitHubStar)
                }
            }
            Button(compare.tray.contains(model.name) ? Copy.compareRemove : Copy.compareAdd) {
                compare.send(.toggle(model.name))
            }
            if compare.tray.count >= 2 {
                Button(Copy.compare) { router.send(.push(.compare(compare.tray))) }
            }
            Button(Copy.openOnGitHub) {
                model.send(.open)
                showsGitHub = true
            }
            ShareLink(item: webURL)
        }
    }
}
