import Catalog
import Foundation
import RepoFinderCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on standard error (only when it is a terminal): bar, percent, rows, rate, ETA.
final class ProgressBar {
    private let enabled: Bool
    private var visible = false

    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ progress: ImportProgress) {
        guard enabled else { return }
        let width = 30
        let filled = Int(progress.fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let eta = progress.estimatedSecondsLeft.map { "ETA \(Int($0.rounded(.up)))s" } ?? ""
        let line =
            "[\(bar)] \(Int(progress.fraction * 100))%  \(Number.grouped(progress.linesRead)) rows  "
            + "\(Number.grouped(Int(progress.linesPerSecond))) rows/s  \(eta)"
        write("\r\u{1B}[2K" + line)
        visible = true
    }

    /// Prints a message on its own line (above the bar, when one is shown).
    func printAbove(_ message: String) {
        write((visible ? "\r\u{1B}[2K" : "") + message + "\n")
        visible = false
    }

    func finish() {
        guard visible else { return }
        write("\r\u{1B}[2K")
        visible = false
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
