import AppFeatures
import SwiftUI

/// The person's data: download everything kept for the account (then share or keep the file), or delete it all.
struct YourDataSection: View {
    let account: AccountViewModel
    @State private var confirmsDelete = false

    var body: some View {
        Section {
            Button(Copy.downloadData) { account.send(.export) }
            if let exported = account.exported {
                Text(exported.summary).font(.footnote)
                ShareLink(item: exported.url)
            }
            Button(role: .destructive) {
                confirmsDelete = true
            } label: {
                Text(Copy.deleteAccount)
            }
        }
        .confirmationDialog(Copy.deleteAccountQuestion, isPresented: $confirmsDelete) {
            Button(role: .destructive) {
                account.send(.deleteAccount)
            } label: {
                Text(Copy.deleteAccount)
            }
        }
    }
}
