import RepoFinderCore
import Testing

@Suite("Safe text: control characters, escape sequences and bidirectional controls taken out")
struct SafeTextTests {
    @Test("every C0 control but tab and line feed goes from running text; CR goes, CR LF ends a line")
    func c0() {
        for value in UInt32(0x00)...0x1F where value != 0x09 && value != 0x0A && value != 0x1B {
            let control = String(Unicode.Scalar(value)!)
            #expect(SafeText.clean("a\(control)b") == "ab", "U+\(String(value, radix: 16))")
            #expect(SafeText.clean("a\(control)b", layout: .line) == (value == 0x0D ? "a b" : "ab"))
        }
        #expect(SafeText.clean("one\ttwo\nthree\r\nfour") == "one\ttwo\nthree\nfour")
        #expect(SafeText.clean("one\ttwo\nthree\r\nfour", layout: .line) == "one two three  four")
        #expect(SafeText.clean("bell\u{07}") == "bell")
        #expect(SafeText.clean("\u{00}nul") == "nul")
    }

    @Test("DEL and every C1 control go")
    func delAndC1() {
        #expect(SafeText.clean("a\u{7F}b") == "ab")
        for value in UInt32(0x80)...0x9F where ![0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F].contains(value) {
            #expect(SafeText.clean("a\(String(Unicode.Scalar(value)!))b") == "ab", "U+\(String(value, radix: 16))")
        }
        #expect(SafeText.clean("a\u{85}b", layout: .line) == "ab", "NEL is not a line break here")
    }

    @Test("a CSI sequence goes whole, written with ESC [ or U+009B")
    func csi() {
        #expect(SafeText.clean("\u{1B}[31mred\u{1B}[0m") == "red")
        #expect(SafeText.clean("x\u{1B}[1;33;48;5;196mbold") == "xbold")
        #expect(SafeText.clean("\u{1B}[2J\u{1B}[Hclear") == "clear")
        #expect(SafeText.clean("\u{1B}[?25lhidden cursor") == "hidden cursor")
        #expect(SafeText.clean("\u{9B}31mred") == "red")
        #expect(SafeText.clean("cut\u{1B}[") == "cut", "an unfinished sequence at the end")
        #expect(SafeText.clean("\u{1B}[12é") == "é", "a sequence broken by a letter stops before it")
    }

    @Test("an OSC sequence goes whole, to BEL or ST, and an unterminated one to the end")
    func osc() {
        #expect(SafeText.clean("\u{1B}]0;pwned title\u{07}after") == "after")
        #expect(SafeText.clean("\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\") == "link")
        #expect(SafeText.clean("\u{9D}2;title\u{9C}after") == "after")
        #expect(SafeText.clean("before\u{1B}]52;c;Y2xpcGJvYXJk") == "before")
        #expect(SafeText.clean("\u{1B}]0;title\u{1B}[31mred") == "red", "ESC ends the string and starts its own")
        #expect(SafeText.clean("\u{1B}P1$qm\u{1B}\\dcs") == "dcs")
        #expect(SafeText.clean("\u{1B}_apc\u{07}\u{1B}^pm\u{07}\u{1B}Xsos\u{07}end") == "end")
    }

    @Test("the short escapes go whole; a lone ESC goes alone")
    func shortEscapes() {
        #expect(SafeText.clean("\u{1B}creset") == "reset")
        #expect(SafeText.clean("\u{1B}(Bcharset") == "charset")
        #expect(SafeText.clean("\u{1B}7save\u{1B}8") == "save")
        #expect(SafeText.clean("end\u{1B}") == "end")
        #expect(SafeText.clean("\u{1B}\u{1B}[31mx") == "x")
        #expect(SafeText.clean("\u{1B}ü") == "ü")
    }

    @Test("bidirectional controls go: embeddings, overrides, isolates, marks")
    func bidi() {
        for value: UInt32 in [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
        ] {
            let control = String(Unicode.Scalar(value)!)
            #expect(SafeText.clean("a\(control)b") == "ab", "U+\(String(value, radix: 16))")
            #expect(SafeText.clean("a\(control)b", layout: .line) == "ab")
        }
        #expect(SafeText.clean("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
    }

    @Test("letters, emoji, CJK, right-to-left scripts and joiners are kept as they are")
    func ordinaryText() {
        let texts = [
            "A fast, friendly web framework", "Ünïcödé façade — “quotes” · ★ 1,234", "🚀 Blazing fast 👩‍💻🏳️‍🌈",
            "高性能的网络框架 日本語のテキスト 한국어", "مكتبة عربية", "עברית", "नमस्ते", "zero\u{200D}width joiner",
            "math ∑ √ ∞", "",
        ]
        for text in texts {
            #expect(SafeText.clean(text) == text)
            #expect(SafeText.clean(text, layout: .line) == text)
            #expect(SafeText.isClean(text))
        }
        #expect(SafeText.clean("🚀\u{1B}[31m高性能\u{202E}🦀") == "🚀高性能🦀")
    }

    @Test("the attack description comes out without any ESC byte or override")
    func attackDescription() {
        let description = "Totally normal \u{1B}[31mRED\u{1B}[0m \u{1B}]0;owned\u{07}lib \u{202E}txt.exe"
        let cleaned = SafeText.clean(description, layout: .line)
        #expect(cleaned == "Totally normal RED lib txt.exe")
        #expect(!cleaned.utf8.contains(0x1B))
        #expect(SafeText.isClean(cleaned, layout: .line))
        #expect(!SafeText.isClean(description))
    }

    @Test("an optional that was nothing but controls becomes nil")
    func optional() {
        #expect(SafeText.clean(optional: nil) == nil)
        #expect(SafeText.clean(optional: "\u{1B}[31m\u{202E}") == nil)
        #expect(SafeText.clean(optional: "Swift\u{7F}") == "Swift")
    }
}

@Suite("Safe text in pieces: sequences split across pieces go whole")
struct SafeTextStreamTests {
    /// Feeds `pieces` and joins what comes out.
    private func streamed(_ pieces: [String]) -> String {
        var stream = SafeTextStream()
        return pieces.map { stream.feed($0) }.joined()
    }

    @Test("a CSI or OSC split anywhere comes out as if whole")
    func split() {
        let text = "Use \u{1B}[31mred\u{1B}[0m and \u{1B}]0;owned title\u{07}this library \u{202E}now."
        let expected = SafeText.clean(text)
        #expect(expected == "Use red and this library now.")
        let scalars = Array(text.unicodeScalars)
        for cut in 1..<scalars.count {
            var first = String.UnicodeScalarView()
            first.append(contentsOf: scalars[..<cut])
            var second = String.UnicodeScalarView()
            second.append(contentsOf: scalars[cut...])
            #expect(streamed([String(first), String(second)]) == expected, "cut at \(cut)")
        }
        #expect(streamed(text.unicodeScalars.map { String($0) }) == expected, "one scalar a piece")
    }

    @Test("clean pieces pass as they are; an unfinished sequence at the end never comes out")
    func passThroughAndEnd() {
        var stream = SafeTextStream()
        #expect(stream.feed("Hello ") == "Hello ")
        #expect(stream.feed("wörld 🚀\n") == "wörld 🚀\n")
        #expect(stream.feed("tail\u{1B}]0;never ends") == "tail")
        #expect(stream.feed(" still the title") == "")
    }

    @Test("what is held back stays bounded")
    func bounded() {
        var stream = SafeTextStream()
        #expect(stream.feed("\u{1B}]0;") == "")
        let long = String(repeating: "x", count: SafeTextStream.maximumHeld + 10)
        #expect(stream.feed(long) == "")
        #expect(stream.feed("after") == "after", "past the bound, what follows is text again")
        #expect(!stream.feed("\u{1B}[31m").utf8.contains(0x1B))
    }
}
