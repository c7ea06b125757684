import RepoFinderCore
import Testing

/// What a description says its repository replaces (issue 65). The sentences are written for the test, in the shapes
/// the catalog's descriptions take.
@Suite("Replacement statements: what a description says it replaces")
struct ReplacementStatementTests {
    @Test(
        "names after a link word, before 'alternative' or 'clone', joined by and, or, slash and commas",
        arguments: [
            ("A self-hosted, open-source alternative to Notion.", ["Notion"]),
            ("Open-source Firebase alternative with realtime subscriptions", ["Firebase"]),
            ("The open source Airtable alternative", ["Airtable"]),
            ("Fast drop-in replacement for Redis and Memcached", ["Redis", "Memcached"]),
            ("Lightweight alternative to Postman/Insomnia for API testing", ["Postman", "Insomnia"]),
            ("An alternative to Gmail, Mailchimp and Sendgrid", ["Gmail", "Mailchimp", "Sendgrid"]),
            ("Remote desktop software, an alternative to TeamViewer", ["TeamViewer"]),
            ("Tiny 2kB alternative to Moment.js with the same API", ["Moment.js"]),
            ("A cat(1) clone with wings.", ["cat(1)"]),
            ("A modern alternative to ls", ["ls"]),
            ("Clone of Spark written in Python", ["Spark"]),
            ("Self-hosted alternative to the Epic Games Launcher", ["Epic Games Launcher"]),
            ("Replacement for Apple's Reachability in Swift", ["Reachability"]),
            ("An alternative to GitHub Copilot server", ["GitHub Copilot"]),
            ("Privacy-friendly alternative to Google Analytics.", ["Google Analytics"]),
            ("A Trello clone built with React", ["Trello"]),
        ])
    func namesFound(description: String, names: [String]) {
        #expect(ReplacementStatement.names(in: description) == names)
    }

    @Test(
        "no name where the words describe rather than name, or say nothing of replacing",
        arguments: [
            "An alternative to the Java date and time classes",
            "Alternative to existing tools that are slow",
            "A fast web framework for Rust",
            "A Rust alternative",
            "alternatives to external processes",
            "",
            "alternative to",
        ])
    func nothingFound(description: String) {
        #expect(ReplacementStatement.names(in: description).isEmpty)
    }

    @Test("the stems' byte scan finds what lowercasing and searching would, in any case and script around it")
    func stemScan() {
        let texts = [
            "ALTERNATIVE to Notion", "a Replacement", "Clone", "substitutE for x", "the successor", "alternativ",
            "repla", "", "x", "Écrit en français, un clone de Trello", "クローン clone", "réplacement", "s\u{0}uccessor",
            "@lternative", "[CLONE]", "successo", "c l o n e", "Ünïcödé ALTERNATİVE", "ends with clon",
            "ends with clone",
        ]
        for text in texts {
            let lower = text.lowercased()
            let expected = ReplacementStatement.stems.contains { lower.contains($0) }
            #expect(ReplacementStatement.mentionsStem(text) == expected, "\(text)")
        }
    }

    @Test("at most four names, each once; keys compare as people write names")
    func boundsAndKeys() {
        let many = "An alternative to Aa, Bb, Cc, Dd and Ee, and a Bb clone"
        #expect(ReplacementStatement.names(in: many) == ["Aa", "Bb", "Cc", "Dd"])
        #expect(ReplacementStatement.key("Moment.js") == ReplacementStatement.key("moment"))
        #expect(ReplacementStatement.key("Google Analytics") == "googleanalytics")
        #expect(ReplacementStatement.key("Pi-hole") == "pihole")
        #expect(ReplacementStatement.key("…").isEmpty)
        // A very long run of words is read once, quickly.
        let long = String(repeating: "alternative to Aa ", count: 5_000)
        #expect(ReplacementStatement.names(in: long) == ["Aa"])
    }
}
