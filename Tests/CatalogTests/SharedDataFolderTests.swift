import Foundation
import TestSupport
import Testing

@Suite("The shared data folder")
struct SharedDataFolderTests {
    @Test("a file that is not there fails with where it was looked for and what to set, not a crash or a skip")
    func missingFile() {
        #expect {
            try SharedDataFolder.file("catalog/no-such-file.jsonl.gz")
        } throws: { error in
            let text = (error as? SharedDataMissing)?.description ?? ""
            return text.contains("catalog/no-such-file.jsonl.gz") && text.contains(SharedDataFolder.url.path)
                && text.contains("REPOFINDER_SHARED_DATA")
        }
        #expect(throws: Never.self) { try SharedDataFolder.file("catalog/repos.jsonl.gz") }
    }
}
