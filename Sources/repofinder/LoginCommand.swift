import AppFeatures
import ArgumentParser
import Foundation
import RepoFinderClient

/// `repofinder login`: signs this device in with GitHub (the device flow, run by the server), so its deck, likes and
/// saves are the same account as on every other device signed in as that person.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in with GitHub: enter the code shown at GitHub's address, and this device joins your account.",
        discussion: """
            Talks to a running server (repofinder serve) that offers sign-in with GitHub. What this device did \
            anonymously comes along into your account. The GitHub token stays on the server; the state folder keeps \
            only RepoFinder's own token. Exit status 1 when the code is denied or expires.
            """
    )

    @OptionGroup var connection: ServerOptions

    func run() async throws {
        let signedIn = try await connection.withClient { client in await signIn(client) }
        if !signedIn { throw ExitCode(1) }
    }

    @MainActor
    private func signIn(_ client: APIClient) async -> Bool {
        let model = AccountViewModel(service: client)
        await model.send(.appear).value
        switch model.state {
        case .signedIn(let github):
            say("Already signed in as \(github.login) on GitHub (repofinder logout signs this device out).")
            return true
        case .signedOut(false, let reason):
            say("This server does not offer sign-in with GitHub. \(reason ?? "")")
            return false
        case .failed(let message):
            say(message)
            return false
        default:
            break
        }
        let task = model.send(.signIn)
        var shownCode: String?
        // Shows the code once it is there; the model follows the server until GitHub answers.
        let watcher = Task { @MainActor in
            while !Task.isCancelled {
                if case .signingIn(let progress) = model.state, shownCode != progress.userCode {
                    shownCode = progress.userCode
                    let minutes = max(1, Int(progress.expiresAt.timeIntervalSinceNow / 60))
                    say(
                        "To sign in, open \(progress.verificationURI.absoluteString) and enter the code: \(progress.userCode)"
                    )
                    say("Waiting for GitHub… (the code works for \(minutes) minutes; Ctrl-C stops)")
                }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        await task.value
        watcher.cancel()
        if let notice = model.notice { say(notice) }
        if case .signedIn = model.state { return true }
        return false
    }

    /// Prints a line that may quote the server's words, made safe for a terminal.
    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((terminalSafe(line) + "\n").utf8))
    }
}

/// `repofinder logout`: signs this device out (or every device of the account).
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign this device out of its account (with --everywhere, every device of it).",
        discussion: "The device starts over with a new, empty anonymous account the next time it talks to the server."
    )

    @OptionGroup var connection: ServerOptions

    @Flag(help: "Sign out every device signed in to this account.")
    var everywhere = false

    func run() async throws {
        try await connection.withClient { client in
            do throws(ClientFailure) {
                try await client.signOut(everywhere: everywhere)
            } catch {
                throw CommandFailure(error.message)
            }
        }
        print(everywhere ? "Signed out on every device." : "Signed out on this device.")
    }
}
