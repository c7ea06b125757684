import ArgumentParser
import Foundation
import RepoFinderClient
import RepoFinderCore

/// `repofinder import-stars LOGIN`: starts the deck from a GitHub user's public stars, through a running server,
/// with its progress shown until it ends.
struct ImportStarsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-stars",
        abstract: "Import a GitHub user's public stars into your account, as repositories you like.",
        discussion: """
            Talks to a running server (repofinder serve), as the account whose token is in the state folder (the one \
            `repofinder discover` uses). The stars become your taste: the deck reflects them and never deals them. \
            Importing the same login again adds only stars that are new.
            """
    )

    @Argument(help: "The GitHub username whose public stars to import.")
    var login: String

    @OptionGroup var connection: ServerOptions

    func validate() throws {
        guard GitHubLogin.isValid(login) else { throw ValidationError(GitHubLogin.problem(with: login)) }
    }

    func run() async throws {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let ended = try await connection.withClient { client in
            do throws(ClientFailure) {
                var progress = try await client.importGitHubStars(login: login)
                show(progress, sameLine: isTerminal)
                while progress.state == .running {
                    try? await Task.sleep(for: .seconds(1))
                    progress = try await client.starImport(id: progress.id)
                    show(progress, sameLine: isTerminal)
                }
                if isTerminal { FileHandle.standardOutput.write(Data("\n".utf8)) }
                return progress
            } catch {
                throw CommandFailure(error.message)
            }
        }
        if ended.state == .failed { throw ExitCode(1) }
    }

    /// One line of progress: rewritten in place on a terminal, a new line otherwise (a log, a pipe).
    private func show(_ progress: StarImportProgress, sameLine: Bool) {
        let percent = progress.fraction.map { " \(Int(($0 * 100).rounded()))%" } ?? ""
        let line = SafeText.clean(progress.summary, layout: .line) + (progress.state == .running ? percent : "")
        FileHandle.standardOutput.write(Data(((sameLine ? "\r\u{1B}[2K" : "") + line + (sameLine ? "" : "\n")).utf8))
    }
}
