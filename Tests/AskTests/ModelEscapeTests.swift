import Ask
import AskLive
import Foundation
import RepoFinderCore
import TestSupport
import Testing

/// Issue 42, finding 6: a model's reply carrying terminal escapes (an OSC title, `ESC[31m`, U+202E, BEL, an OSC 8
/// link), split across streamed chunks, reaches neither the streamed words nor the answer.
@Suite("Ask's writing model: terminal escapes in its words are taken out")
struct ModelEscapeTests {
    @Test("a reply with ESC, OSC and an override streams and ends without any of them, its words kept")
    func escapesTakenOut() async throws {
        let standIn = try ModelStandIn()
        defer { standIn.stop() }
        let tests = AnswerWriterTests()
        let (events, answer) = try await tests.answer(tests.writer(standIn, model: "standin-escapes"))
        let texts = events.compactMap { if case .text(let words) = $0 { words } else { nil } }
        #expect(answer.notice == nil, "the model's answer is kept, only its escapes go")
        #expect(answer.text.hasPrefix("The best fit is vapor/vapor [1]"), "\(answer.text.debugDescription)")
        #expect(answer.text.hasSuffix("left out. txt.exe link"), "\(answer.text.debugDescription)")
        #expect(texts.joined() == answer.text)
        for text in texts + [answer.text] {
            #expect(SafeText.isClean(text), "\(text.debugDescription)")
            #expect(!text.contains("owned by the model") && !text.contains("evil.example"), "OSC strings go whole")
        }
    }
}
