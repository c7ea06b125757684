import Catalog
import RepoFinderCore
import Testing

/// One Markdown shape real lists use, each read into placements.
@Suite("Reading a curated list's Markdown")
struct CuratedListParserTests {
    private func read(_ lines: [String], list: String? = nil) -> CuratedListReading {
        CuratedListParser().read(
            lines.joined(separator: "\n"), list: list.flatMap { try? RepositoryName(parsing: $0) })
    }

    private func placed(_ reading: CuratedListReading) -> [String] {
        reading.placements.map { "\($0.heading.joined(separator: " › ")): \($0.repository.fullName) #\($0.position)" }
    }

    @Test("ATX headings; the title, the contents and the license are not categories; badges name the entry again")
    func atxHeadings() {
        let reading = read(
            [
                "# Awesome Go [![Awesome](https://awesome.re/badge.svg)](https://github.com/sindresorhus/awesome)",
                "", "## Contents", "- [Messaging](#messaging)", "", "## Messaging",
                "- [nats.go](https://github.com/nats-io/nats.go) - Client. [![CI](https://github.com/nats-io/nats.go/"
                    + "actions/workflows/ci.yml/badge.svg)](https://github.com/nats-io/nats.go/actions)",
                "* [Centrifugo](https://github.com/centrifugal/centrifugo.git) by [@fz](https://github.com/FZambia)",
                "### Queues", "1. [asynq](https://GitHub.com/hibiken/asynq/tree/master/x) - Task queue.",
                "## License", "- [CC0](https://github.com/avelino/awesome-go/blob/main/LICENSE)",
            ], list: "avelino/awesome-go")
        #expect(
            placed(reading) == [
                "Messaging: nats-io/nats.go #1", "Messaging: centrifugal/centrifugo #2",
                "Messaging › Queues: hibiken/asynq #1",
            ])
        #expect(reading.links.total == 7)
        #expect(reading.links.sameEntry == 2)
        #expect(reading.links.outsideCategories == 2)
    }

    @Test("setext headings, and a lone title that is the only heading is the category")
    func setextHeadings() {
        let pipeline = read([
            "Awesome Pipeline", "================", "", "Frameworks & libraries", "----------------------", "",
            "* [Adage](https://github.com/diana-hep/adage) - Workflows.",
        ])
        #expect(placed(pipeline) == ["Frameworks & libraries: diana-hep/adage #1"])
        let installers = read(["Installers", "=====", "", "* [k3s](https://github.com/rancher/k3s) - Light."])
        #expect(placed(installers) == ["Installers: rancher/k3s #1"])
    }

    @Test("details blocks whose summary is the category, with HTML headings, strong text and counts")
    func detailsBlocks() {
        let reading = read([
            "# Awesome Java", "## Projects", "<details id=\"build\">",
            "<summary><strong>Build</strong> <kbd>16 projects</kbd></summary>", "",
            "- [Bazel](https://github.com/bazelbuild/bazel) - Builds.", "</details>",
            "<details open><summary><h2>Dashboards</h2></summary>",
            "- [bottom](https://github.com/ClementTsang/bottom) A monitor.", "</details>",
        ])
        #expect(placed(reading) == ["Projects › Build: bazelbuild/bazel #1", "Dashboards: ClementTsang/bottom #1"])
    }

    @Test("bold lines and link-less bullets are sub-headings; emoji and counts leave heading names")
    func groupLines() {
        let reading = read([
            "# List", "## 🤖 AI (39)", "**Agents**", "", "- Agent Skills",
            "  - [skills](https://github.com/getsentry/skills) - Skills.", "- Orchestration",
            "  - [langchain](https://github.com/langchain-ai/langchain) - Chains.",
            "**[⬆ back to top](#contents)**", "### Web",
            "- [Django](https://www.djangoproject.com) - Framework. ([Source Code](https://github.com/django/django))",
            "  Plugins: [channels](https://github.com/django/channels).",
        ])
        #expect(
            placed(reading) == [
                "AI › Agents › Agent Skills: getsentry/skills #1",
                "AI › Agents › Orchestration: langchain-ai/langchain #1", "AI › Web: django/django #1",
            ])
        #expect(reading.links.elsewhereInEntry == 1)
    }

    @Test("a table's category column is the heading under the section; gists and topics are not repositories")
    func tables() {
        let reading = read([
            "# Alternatives", "## All", "Category|Company|Description|GitHub Stars|Alternative to|",
            "|:-|:-|:-|:-|:-|",
            "Cloud Storage|[Minio](https://min.io/)|Storage|<a href=https://github.com/minio/minio><img/></a>|S3|",
            "||[Storj](https://www.storj.io/)|Storage|<a href=https://github.com/storj/storj></a>|"
                + "[Codespaces](https://github.com/features/codespaces)|",
            "", "See https://gist.github.com/someone/abc123 for more.",
        ])
        #expect(placed(reading) == ["All › Cloud Storage: minio/minio #1", "All › Cloud Storage: storj/storj #2"])
        #expect(reading.links.notRepositories == 2)
        // The "Alternative to" column: what each row's repository replaces, a link's text as the name.
        #expect(reading.replacements.map(\.repository.fullName) == ["minio/minio", "storj/storj"])
        #expect(reading.replacements.map(\.names) == [["S3"], ["Codespaces"]])
    }

    @Test("an \"Alternative to\" column: link texts and plain names, split, each once, at most six")
    func alternativeToColumn() {
        let reading = read([
            "## Startups", "|Category|Company|Alternative to|", "|:-|:-|:-|",
            "Auth|[Ory](https://github.com/ory/kratos)|[Okta](https://okta.com/), [Auth0](https://auth0.com/), "
                + "[okta](https://okta.com)|",
            "Auth|[Zitadel](https://github.com/zitadel/zitadel)|Firebase Auth / AWS Cognito; 42|",
            "Misc|[Many](https://github.com/a/many)|A, B, C, D, E, F, G|",
            "Misc|[None](https://github.com/a/none)| |",
        ])
        #expect(
            reading.replacements.map { "\($0.repository.fullName): \($0.names.joined(separator: ", "))" } == [
                "ory/kratos: Okta, Auth0", "zitadel/zitadel: Firebase Auth, AWS Cognito", "a/many: A, B, C, D, E, F",
            ])
    }

    @Test("an entry's text that says what it replaces: the names only, for the entry's repository")
    func entryStatements() {
        let reading = read([
            "## Media Streaming",
            "- [Jellyfin](https://github.com/jellyfin/jellyfin) - Media server (alternative to Plex and Emby). "
                + "([Demo](https://demo.jellyfin.org), [Source Code](https://github.com/jellyfin/jellyfin)) `GPL-2.0`",
            "- [Navidrome](https://github.com/navidrome/navidrome) - A music server, a **Subsonic** clone.",
            "- [Plain](https://github.com/a/plain) - A media server written in Go.",
            "- A note with no repository, an alternative to Kodi.",
        ])
        #expect(
            reading.replacements.map { "\($0.repository.fullName): \($0.names.joined(separator: ", "))" } == [
                "jellyfin/jellyfin: Plex, Emby", "navidrome/navidrome: Subsonic",
            ])
    }

    @Test("headings that are entries, placed under each name of their Category section")
    func entryHeadings() {
        let reading = read([
            "# Agents", "", "# Open-source projects", "", "## [Adala](https://github.com/HumanSignal/Adala)",
            "Data agent", "<details>", "### Category", "General purpose, Multi-agent", "### Links",
            "- [GitHub](https://github.com/HumanSignal/Adala)", "</details>", "",
            "## [Agent4Rec](https://github.com/LehengTHU/Agent4Rec)", "Simulator",
        ])
        #expect(
            placed(reading) == [
                "Open-source projects › General purpose: HumanSignal/Adala #1",
                "Open-source projects › Multi-agent: HumanSignal/Adala #1",
                "Open-source projects: LehengTHU/Agent4Rec #1",
            ])
        #expect(reading.links.sameEntry == 1)
    }

    @Test("slips: a stray level-1 heading among level-2 categories, a back link in a heading, an exclamation")
    func slips() {
        let reading = read([
            "# Awesome JavaScript", "## Loaders", "- [a](https://github.com/a/a)", "## Bundlers",
            "- [b](https://github.com/b/b)", "## Linters", "- [c](https://github.com/c/c)", "# Minimizers",
            "- [d](https://github.com/d/d)", "## Date [Back ⇈](#contents)", "**Have a good search!**",
            "- [e](https://github.com/e/e)",
        ])
        #expect(placed(reading).suffix(2) == ["Minimizers: d/d #1", "Date: e/e #1"])
    }

    @Test("code blocks and comments hold no entries, and every link is accounted for")
    func codeAndComments() {
        let reading = read([
            "# List", "## Tools", "```", "git clone https://github.com/a/b", "```",
            "<!-- - [old](https://github.com/c/d) -->", "- [real](https://github.com/e/f)",
        ])
        #expect(placed(reading) == ["Tools: e/f #1"])
        let links = reading.links
        #expect(links.total == 3)
        #expect(
            links.placed + links.sameEntry + links.elsewhereInEntry + links.prose + links.outsideCategories
                + links.notRepositories == links.total)
    }

    @Test("a hostile file: overlong lines, deep nesting, unclosed blocks, wide tables — read in time, bounded")
    func hostileInput() {
        let link = "[x](https://github.com/a/b)"
        var lines = ["# Title", "## Category"]
        lines.append("## " + String(repeating: "[h](https://github.com/c/d) ", count: 20_000))
        lines.append("- " + String(repeating: link, count: 5_000))
        lines += (0..<2_000).map {
            String(repeating: "  ", count: $0 % 200) + "- [e\($0)](https://github.com/e/e\($0))"
        }
        lines += ["<details>", "<summary>Never closed", "**bold", "```", "- [f](https://github.com/f/f)"]
        lines += ["|Category|Name|Alternative to|", "|-|-|-|"]
        lines.append("|" + String(repeating: "[n](https://x.example)|", count: 3_000))
        lines += (0..<1_000).map { "###### " + String(repeating: "x", count: $0) }
        lines.append(String(repeating: "[", count: 50_000) + String(repeating: "](", count: 50_000))
        let started = ContinuousClock.now
        let reading = read(lines)
        let took = ContinuousClock.now - started
        #expect(took < .seconds(20), "\(took)")
        #expect(reading.placements.count <= reading.links.total)
        #expect(reading.replacements.allSatisfy { $0.names.count <= 6 && $0.names.allSatisfy { $0.count <= 40 } })
        #expect(reading.placements.allSatisfy { $0.heading.allSatisfy { $0.count <= 400 } })
    }
}
