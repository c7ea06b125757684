import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A key the terminal deck understands.
enum DeckKey: Hashable, Sendable {
    case like, skip, save, open, undo, quit, retry
    /// Like today's pick (Home's header, `t`).
    case likePick
    /// Anything else (ignored).
    case other

    /// The keys in a chunk of input: arrows arrive as `ESC [ C` / `ESC [ D`.
    static func parse(_ bytes: [UInt8]) -> [DeckKey] {
        var keys: [DeckKey] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                switch bytes[index + 2] {
                case UInt8(ascii: "C"): keys.append(.like)
                case UInt8(ascii: "D"): keys.append(.skip)
                default: keys.append(.other)
                }
                index += 3
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "l"), UInt8(ascii: "L"): keys.append(.like)
            case UInt8(ascii: "h"), UInt8(ascii: "H"): keys.append(.skip)
            case UInt8(ascii: "s"), UInt8(ascii: "S"): keys.append(.save)
            case UInt8(ascii: "o"), UInt8(ascii: "O"): keys.append(.open)
            case UInt8(ascii: "u"), UInt8(ascii: "U"): keys.append(.undo)
            case UInt8(ascii: "r"), UInt8(ascii: "R"): keys.append(.retry)
            case UInt8(ascii: "t"), UInt8(ascii: "T"): keys.append(.likePick)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4: keys.append(.quit)  // q, Ctrl-C, Ctrl-D
            default: keys.append(.other)
            }
            index += 1
        }
        return keys
    }
}

/// The terminal the deck draws on: raw key input (no echo, no line buffering; restored on close), its width, and
/// writing.
final class Terminal: Sendable {
    private let original: termios?

    /// Puts standard input in raw mode if it is a terminal.
    init() {
        guard isatty(STDIN_FILENO) == 1 else {
            original = nil
            return
        }
        var settings = termios()
        tcgetattr(STDIN_FILENO, &settings)
        original = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    }

    /// Restores the terminal as it was.
    func restore() {
        guard var original else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    /// Columns of the terminal (`COLUMNS`, else 80, when it cannot say), at least 40.
    var width: Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return max(40, Int(size.ws_col)) }
        return max(40, Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 80)
    }

    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Keys as they are typed, read on a thread of their own; ends with ``DeckKey/quit`` at the end of input.
    func keys() -> AsyncStream<DeckKey> {
        AsyncStream { continuation in
            let thread = Thread {
                var buffer = [UInt8](repeating: 0, count: 64)
                while true {
                    let count = read(STDIN_FILENO, &buffer, buffer.count)
                    guard count > 0 else {
                        continuation.yield(.quit)
                        continuation.finish()
                        return
                    }
                    for key in DeckKey.parse(Array(buffer[0..<count])) { continuation.yield(key) }
                }
            }
            thread.start()
        }
    }
}
