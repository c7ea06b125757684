import Catalog
import Foundation
import RepoFinderCore
import TestSupport
import Testing

/// The parser on every file of `../shared/data/awesome`: each link counted as `grep -oiE` counts it, and the share
/// of links placed at least what each list's layout allows (the lists below 95% are explained in docs/curated-lists.md).
@Suite("Curated lists: the 50 shared files")
struct CuratedListFilesTests {
    /// Lists whose placed share is below 95% for a reason the file shows (badges, repeated links), with their floor.
    static let explained: [String: Double] = [
        "rust-unofficial+awesome-rust.md": 0.61, "jaywcjlove+awesome-mac.md": 0.67,
        "jaywcjlove+awesome-mac@command-line-apps.md": 0.56, "luong-komorebi+Awesome-Linux-Software.md": 0.69,
        "e2b-dev+awesome-ai-agents.md": 0.48, "kdeldycke+awesome-falsehood.md": 0.44,
        "viatsko+awesome-vscode.md": 0.67, "unixorn+awesome-zsh-plugins.md": 0.72,
        "mahmoud+awesome-python-applications.md": 0.88, "serhii-londar+open-source-mac-os-apps.md": 0.85,
        "awesome-selfhosted+awesome-selfhosted.md": 0.90, "dhamaniasad+awesome-postgres.md": 0.89,
        "awesome-foss+awesome-sysadmin.md": 0.91,
    ]

    struct ListFile {
        let repository: String
        let copy: String
    }

    static func files() throws -> [ListFile] {
        let table = try String(contentsOfFile: try SharedDataFolder.file("awesome/lists.tsv"), encoding: .utf8)
        return table.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return ListFile(repository: String(fields[0]), copy: String(fields[2]))
        }
    }

    /// `grep -oiE 'github\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+' FILE | wc -l`.
    static func grepCount(_ text: String) throws -> Int {
        let pattern = try NSRegularExpression(
            pattern: #"github\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+"#, options: [.caseInsensitive])
        return pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    @Test("every list: all links accounted for, the share placed, headings that are categories")
    func everyList() throws {
        let files = try Self.files()
        #expect(files.count >= 50)
        var rows: [String] = []
        for file in files {
            let text = try String(contentsOfFile: try SharedDataFolder.file("awesome/\(file.copy)"), encoding: .utf8)
            let reading = CuratedListParser().read(text, list: try RepositoryName(parsing: file.repository))
            let links = reading.links
            let name = URL(fileURLWithPath: file.copy).lastPathComponent
            #expect(links.total == (try Self.grepCount(text)), "\(name): links counted unlike grep")
            #expect(
                links.placed + links.sameEntry + links.elsewhereInEntry + links.prose + links.outsideCategories
                    + links.notRepositories == links.total, "\(name): links not all accounted for")
            let floor = Self.explained[name] ?? 0.95
            #expect(links.coverage >= floor, "\(name): \(links)")
            #expect(!reading.placements.isEmpty, "\(name): nothing placed")
            for placement in reading.placements {
                #expect(!placement.heading.isEmpty && placement.heading.allSatisfy { !$0.isEmpty })
                #expect(!CuratedListParser.isNotCategory(placement.heading.last ?? ""), "\(name): \(placement)")
            }
            if name.contains("awesome-oss-alternatives") {
                #expect(reading.replacements.count > 150, "\(name): its Alternative-to column")
            }
            let headings = Set(reading.placements.map(\.heading)).count
            rows.append(
                "\(name)\t\(links.total)\t\(links.placed)\t\(String(format: "%.1f", links.coverage * 100))%\t"
                    + "\(reading.placements.count)\t\(headings)\t\(links)")
        }
        print((["list\tlinks\tplaced\tshare\tplacements\theadings\taccount"] + rows).joined(separator: "\n"))
    }
}
