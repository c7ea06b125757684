import Ask
import RepoFinderCore
import Storage
import Testing

/// Questions as developers type them, read into what is asked, about what, with which filters.
@Suite struct QuestionReaderTests {
    let reader = QuestionReader()

    @Test func findsWithALanguage() {
        let question = reader.read("a lightweight web framework for Swift")
        #expect(question.intent == .find)
        #expect(question.words == ["lightweight", "web", "framework"])
        #expect(question.language == "Swift")
    }

    @Test func goIsALanguageOnlyWhereItNamesOne() {
        #expect(reader.read("a fast http router for go").language == "Go")
        #expect(reader.read("which go projects are gaining stars").language == "Go")
        #expect(reader.read("where do I go to learn parsing").language == nil)
    }

    @Test("what a question rules out, where the asker comes from and when they ask are not what it searches")
    func wordsThatCarryNoNeed() {
        let hub = reader.read("smart home hub that doesn't depend on the cloud")
        #expect(hub.intent == .find)
        #expect(hub.words == ["smart", "home", "hub"])
        #expect(reader.read("a static site generator, no javascript").language == nil)
        let elixir = reader.read("coming from ruby, want to learn elixir and phoenix")
        #expect(elixir.language == "Elixir")
        #expect(reader.read("switching from java, which kotlin web framework").language == "Kotlin")
        #expect(reader.read("libraries ported from python").language == "Python")
        let php = reader.read("starting a new php project in 2026, which framework do people actually pick?")
        #expect(php.language == "PHP")
        #expect(php.words == ["starting", "framework"])
        let hedged = reader.read("not sure which python library parses pdf tables")
        #expect(hedged.language == "Python")
        #expect(hedged.words.contains("pdf") && hedged.words.contains("tables"))
        #expect(reader.read("a 2d physics engine in c or c++").words == ["2d", "physics", "engine"])
    }

    @Test("words of other subjects are off topic only where nothing says software")
    func offTopicUnlessSoftware() {
        #expect(reader.read("what's the weather tomorrow?").intent == .unclear)
        #expect(reader.read("tell me a joke").intent == .unclear)
        let sales = reader.read("need to forecast weekly sales for ~500 stores, python.")
        #expect(sales.intent == .find)
        #expect(sales.language == "Python")
        #expect(reader.read("self hosted app to store our family recipes").intent == .find)
        #expect(reader.read("a weather api library for go").intent == .find)
    }

    @Test func likeWithWhatShouldBeDifferent() {
        let json = reader.read("something like ripgrep but for JSON")
        #expect(json.intent == .like("ripgrep"))
        #expect(json.words == ["json"])
        let python = reader.read("something similar to express for python")
        #expect(python.intent == .like("express"))
        #expect(python.language == "Python")
        #expect(reader.read("alternatives to postman").intent == .like("postman"))
        #expect(reader.read("an open source notion alternative").intent == .like("notion"))
        #expect(reader.read("I'd like a markdown editor").intent == .find)
        let redis = reader.read("redis but multithreaded")
        #expect(redis.intent == .like("redis"))
        #expect(redis.words == ["multithreaded"])
        #expect(reader.read("google photos but self hosted").intent == .like("google photos"))
        #expect(reader.read("simple but fast static site generator").intent == .find)
        #expect(reader.read("a json parser but in rust").intent == .find)
    }

    @Test(
        "mistyped link words, 'X replacement', 'faster than X' and 'X is too …' name a seed; a clause about why does not"
    )
    func moreWaysToNameASeed() {
        #expect(reader.read("open source alternitive to zapier").intent == .like("zapier"))
        #expect(reader.read("altenatives for heroku").intent == .like("heroku"))
        #expect(reader.read("a replacment for moment").intent == .like("moment"))
        let heroku = reader.read("heroku replacement now that the free tier is gone")
        #expect(heroku.intent == .like("heroku"))
        #expect(heroku.words.isEmpty, "\(heroku.words)")
        #expect(reader.read("google photos replacement i can run on my nas").intent == .find)
        #expect(reader.read("slack alternative for our team").intent == .like("slack"))
        let webpack = reader.read("js bundler faster than webpack")
        #expect(webpack.intent == .like("webpack"))
        #expect(webpack.words == ["bundler"])
        #expect(webpack.language == "JavaScript" && !webpack.languageAsked)
        #expect(reader.read("an alternative to webpack written in js").languageAsked)
        let datadog = reader.read("datadog is way too expensive, what do ppl use instead")
        #expect(datadog.intent == .like("datadog"))
        #expect(datadog.words.isEmpty, "\(datadog.words)")
        let pandas = reader.read("pandas is too slow on my 20gb csv, what's faster")
        #expect(pandas.intent == .like("pandas"))
        #expect(pandas.words == ["20gb", "csv"])
        // Complaints about no repository, and comparisons with no name, stay searches.
        #expect(reader.read("my laptop is too slow for docker").intent == .find)
        #expect(reader.read("this is too slow").intent != .like("this"))
        #expect(reader.read("a parser faster than i expected").intent == .find)
        #expect(reader.read("alternating row colors in a table").intent == .find)
    }

    @Test("'like' as an opinion or an amount starts from no repository")
    func likeThatNamesNothing() {
        let kafka = reader.read(
            "we need a message queue between microservices. Kafka seems like a lot for a team of four")
        #expect(kafka.intent == .find, "\(kafka.intent)")
        #expect(reader.read("a static site generator, hugo feels like overkill").intent == .find)
        #expect(reader.read("a note app, I like it a lot when it syncs").intent == .find)
        #expect(reader.read("a terminal like iTerm2 but on linux").intent == .like("iterm2"))
    }

    @Test func trendingWithWindowAndLanguage() {
        let question = reader.read("what is trending in Rust this week")
        #expect(question.intent == .trending)
        #expect(question.language == "Rust")
        #expect(question.window == .weekly)
        #expect(reader.read("what's hot in JavaScript this month").window == .monthly)
        #expect(reader.read("rising c++ repositories today").language == "C++")
        #expect(reader.read("rising c++ repositories today").window == .daily)
    }

    @Test func comparisons() {
        #expect(reader.read("compare vapor and hummingbird").intent == .compare(["vapor", "hummingbird"]))
        #expect(reader.read("react vs vue").intent == .compare(["react", "vue"]))
        #expect(reader.read("django or flask?").intent == .compare(["django", "flask"]))
        #expect(reader.read("difference between tokio and async-std").intent == .compare(["tokio", "async-std"]))
        #expect(reader.read("compare a, b, c, d and e").intent != .compare(["a", "b", "c", "d", "e"]))
    }

    @Test func theirOwnLists() {
        let saved = reader.read("what did I save about databases?")
        #expect(saved.intent == .mine(.saved))
        #expect(saved.words == ["databases"])
        let liked = reader.read("which of my liked repos are written in rust?")
        #expect(liked.intent == .mine(.liked))
        #expect(liked.language == "Rust")
        #expect(liked.words.isEmpty)
        #expect(reader.read("what have I liked lately?").recent)
    }

    @Test func whyAboutTheCardOrANamedOne() {
        #expect(reader.read("why was this in my deck?", card: "vapor/vapor").intent == .why("vapor/vapor"))
        #expect(reader.read("why did you recommend tokio-rs/axum?").intent == .why("tokio-rs/axum"))
        #expect(reader.read("why this one?").intent == .why(nil))
    }

    @Test func beginnersAndFacts() {
        let beginner = reader.read("beginner-friendly Python projects with open issues")
        #expect(beginner.intent == .beginner)
        #expect(beginner.language == "Python")
        #expect(beginner.words.isEmpty)
        #expect(reader.read("tell me about ripgrep").intent == .facts("ripgrep"))
        #expect(reader.read("is express still maintained?").intent == .facts("express"))
        #expect(reader.read("how many stars does kubernetes have?").intent == .facts("kubernetes"))
    }

    @Test func followUpsChangeOnlyWhatTheyName() {
        let first = reader.read("a lightweight web framework for Swift")
        let next = reader.read("and for Go?", after: first)
        #expect(next.intent == .find)
        #expect(next.words == first.words)
        #expect(next.language == "Go")
        #expect(next.followsUp)
        let trending = reader.read("trending go repositories today")
        let month = reader.read("and this month?", after: trending)
        #expect(month.intent == .trending)
        #expect(month.language == "Go")
        #expect(month.window == .monthly)
        #expect(reader.read("in rust?", after: first).followsUp)
        #expect(!reader.read("rust projects", after: first).followsUp, "a question of its own")
        let orms = reader.read("what about orms?", after: first)
        #expect(orms.words == ["orms"])
        #expect(orms.language == "Swift")
    }

    @Test func nothingToGoOn() {
        #expect(reader.read("what's the weather tomorrow?").intent == .unclear)
        #expect(reader.read("?").intent == .unclear)
        #expect(reader.read("").intent == .unclear)
    }
}
