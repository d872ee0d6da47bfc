import AlertTestSupport
import Foundation
import Testing

/// `alertkit review` as a team runs it: sides, exit codes, outputs, and nothing left behind.
@Suite("alertkit review", .serialized)
struct ReviewCommandTests {
    /// A templates folder whose English catalog sets the first step of the email-address match type to `step`.
    static func folder(step: String) throws -> ScratchDirectory {
        let showsStep = step == longStep
        let folder = try ScratchDirectory("alertkit-review-cli")
        let shipped = Fixtures.packageRoot.appendingPathComponent("Templates/catalog/en.json")
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as! [String: Any]
        var email = (catalog["matchTypes"] as! [String: Any])["IDEMAILADDR"] as! [String: Any]
        var steps = email["steps"] as! [[String: Any]]
        steps[0]["text"] = step
        email["steps"] = steps
        try folder.file("catalog/en.json", try JSONSerialization.data(withJSONObject: ["matchTypes": ["IDEMAILADDR": email]]))
        // For the long step, a product team's SMS that shows the first step without an app link (the shipped one shows
        // it only with one), so the step takes the SMS past its budget.
        guard showsStep else { return folder }
        let sms = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/formats/sms.txt.mustache"), encoding: .utf8)
        _ = try folder.file("formats/sms.txt.mustache", sms.replacingOccurrences(
            of: "{{#product.appLink}}{{#first(nextSteps.items)}}{{text}}{{/first(nextSteps.items)}}{{/product.appLink}}",
            with: "{{#first(nextSteps.items)}}{{text}}{{/first(nextSteps.items)}}"))
        return folder
    }

    /// A step that takes an SMS past its budget of two parts (306 GSM-7 characters).
    static let longStep = "Change your password today, on every site where you used it, and turn on two-step verification wherever it is "
        + "offered: in your email account first, then in your bank's app, your phone company's account and every shop that "
        + "keeps your card, so that a password someone found cannot open them."

    /// The review's scratch folders in the temporary folder.
    static func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("alertkit-review-scratch-") }
    }

    @Test("shipped against itself over the shipped samples: every format unchanged in both locales, exit 0")
    func againstItself() throws {
        let result = try CLI.run(["review", "--after", "shipped"])
        #expect(result.status == 0, "\(result.standardError)")
        let rows = result.output.split(separator: "\n").dropFirst()
        #expect(rows.count == 18, "\(result.output)")
        #expect(rows.allSatisfy { $0.contains(": 27 records, unchanged") }, "\(result.output)")
    }

    @Test("a step past an SMS's length fails by default, passes with --fail-on never; a short one fails only with --fail-on changes")
    func failOn() throws {
        let long = try Self.folder(step: Self.longStep)
        let failing = try CLI.run(["review", "--after", long.url.path, "--locale", "en"])
        #expect(failing.status == 2, "\(failing.standardError)")
        #expect(failing.output.contains("new limit finding sms.cut"))
        #expect(failing.standardError.contains("review: fails on failures"))
        #expect(try CLI.run(["review", "--after", long.url.path, "--locale", "en", "--fail-on", "never"]).status == 0)
        let short = try Self.folder(step: "Change your password today.")
        #expect(try CLI.run(["review", "--after", short.url.path, "--locale", "en"]).status == 0)
        let changes = try CLI.run(["review", "--after", short.url.path, "--locale", "en", "--fail-on", "changes"])
        #expect(changes.status == 2 && changes.output.contains("catalog en: matchTypes.IDEMAILADDR.steps[0].text"), "\(changes.output)")
        #expect(try Self.leftovers().isEmpty)
    }

    @Test("with no feed named: the shipped samples and the samples/ folder kept with the after side's templates")
    func samplesFolder() throws {
        let after = try Self.folder(step: "Change your password today.")
        try after.file("samples/mine.ndjson", try String(contentsOf: Fixtures.sampleDirectory.appendingPathComponent("email-alert.json"),
                                                         encoding: .utf8).replacingOccurrences(of: "\n", with: " ") + "\n")
        let result = try CLI.run(["review", "--after", after.url.path, "--locale", "en", "--format", "text"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains(", 28 records") && result.output.contains("text [en]: 28 records, 5 changed"), "\(result.output)")
    }

    @Test("every output is written, and the scratch folders go")
    func outputs() throws {
        let after = try Self.folder(step: Self.longStep)
        let out = try ScratchDirectory("alertkit-review-cli-out")
        let result = try CLI.run(["review", "--after", after.url.path, "--locale", "en", "--format", "sms", "--format", "html",
                                  "--json", out.path("r.json"), "--summary", out.path("r.md"), "--junit", out.path("r.xml"),
                                  "--report", out.path("report"), "--no-screenshots"])
        #expect(result.status == 2, "\(result.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.url.appendingPathComponent("r.json"))) as! [String: Any]
        #expect((json["rows"] as! [Any]).count == 2 && json["records"] as? Int == 27)
        #expect(try String(contentsOfFile: out.path("r.md"), encoding: .utf8).contains("## AlertKit review"))
        #expect(try String(contentsOfFile: out.path("r.xml"), encoding: .utf8).contains("<failure message="))
        let page = try String(contentsOfFile: out.path("report/index.html"), encoding: .utf8)
        #expect(page.contains("class=\"cluster\"") && !page.contains("<img"))
        #expect(result.standardError.contains("report written to"))
        #expect(try Self.leftovers().isEmpty)
    }

    @Test("without Chromium on the PATH the report says so plainly, and has no screenshots")
    func noBrowser() throws {
        let after = try Self.folder(step: "Change your password today.")
        let out = try ScratchDirectory("alertkit-review-cli-out")
        let result = try CLI.run(["review", "--after", after.url.path, "--locale", "en", "--format", "html", "--report", out.path("report")],
                                 environment: ["PATH": "/nonexistent"])
        #expect(result.status == 0, "\(result.standardError)")
        let page = try String(contentsOfFile: out.path("report/index.html"), encoding: .utf8)
        #expect(page.contains("No screenshots: Chromium is not installed") && !page.contains("<img"))
    }

    @Test("a git REF:PATH side is read with git, no checkout; a ref git does not know exits 66 with git's words")
    func gitSide() throws {
        let same = try CLI.shell("cd \"$1\" && \"$ALERTKIT\" review --before HEAD:Templates --after Templates --format sms --format slack"
                                 .replacingOccurrences(of: "$1", with: Fixtures.packageRoot.path))
        #expect(same.status == 0, "\(same.standardError)")
        #expect(same.output.contains("review: HEAD:Templates →") && same.output.contains("slack [es]: 27 records, unchanged"), "\(same.output)")
        let unknown = try CLI.shell("cd \"\(Fixtures.packageRoot.path)\" && \"$ALERTKIT\" review --before no-such-ref:Templates --after shipped")
        #expect(unknown.status == 66 && unknown.standardError.contains("no-such-ref:Templates: git failed"), "\(unknown.standardError)")
        let escape = try CLI.run(["review", "--before", "HEAD:../x", "--after", "shipped"])
        #expect(escape.status == 66 && escape.standardError.contains("PATH inside the repository"), "\(escape.standardError)")
        #expect(try Self.leftovers().isEmpty)
    }

    @Test("usage errors exit 64, a side or input that is not there 66", arguments: [
        (["review", "--after", "shipped", "--fail-on", "sometimes"], Int32(64), "--fail-on takes failures, changes, never"),
        (["review"], 64, "--after"),
        (["review", "--after", "shipped", "--format", "fax"], 64, "no side has a format \"fax\""),
        (["review", "--after", "shipped", "--locale", "../x"], 64, "is not a locale tag"),
        (["review", "--after", "/no/such/folder"], 66, "no such templates folder"),
        (["review", "/no/such/feed.ndjson", "--after", "shipped"], 66, "/no/such/feed.ndjson"),
    ])
    func usage(arguments: [String], status: Int32, message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == status && result.standardError.contains(message), "\(result.status): \(result.standardError)")
    }

    /// The email alert sample on one line, with the id `id`.
    static func alertLine(id: String) throws -> String {
        var alert = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.sampleDirectory.appendingPathComponent("email-alert.json"))) as! [String: Any]
        alert["id"] = id
        return String(decoding: try JSONSerialization.data(withJSONObject: alert), as: UTF8.self) + "\n"
    }

    @Test("a samples/ link that leaves the side (to a folder outside, to /, or samples/ itself) is refused, exit 66, in a folder side")
    func sampleLinksInFolder() throws {
        let outside = try ScratchDirectory("alertkit-review-cli-outside")
        try outside.file("secret.json", try Self.alertLine(id: "outside-secret"))
        for (link, target) in [("samples/linked", outside.url.path), ("samples/root", "/"), ("samples", outside.url.path), ("samples", "/"),
                               ("samples/file.json", outside.path("secret.json"))] {
            let side = try Self.folder(step: "Change your password today.")
            try side.file("samples/mine.ndjson", try Self.alertLine(id: "mine"))
            if link == "samples" { try FileManager.default.removeItem(atPath: side.path("samples")) }
            try FileManager.default.createSymbolicLink(atPath: side.path(link), withDestinationPath: target)
            let out = try ScratchDirectory("alertkit-review-cli-out")
            let result = try CLI.run(["review", "--after", side.url.path, "--locale", "en", "--format", "text", "--json", out.path("r.json")])
            try #require(result.status == 66, "\(link) → \(target): \(result.status) \(result.standardError) \(result.output)")
            #expect(result.standardError.contains(link) && result.standardError.contains("outside the templates folder"), "\(result.standardError)")
            #expect(!result.output.contains("records") && !FileManager.default.fileExists(atPath: out.path("r.json")))
        }
        // A link that stays inside the side is followed.
        let side = try Self.folder(step: "Change your password today.")
        try side.file("kept/mine.ndjson", try Self.alertLine(id: "mine"))
        try FileManager.default.createDirectory(atPath: side.path("samples"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: side.path("samples/kept"), withDestinationPath: "../kept")
        let inside = try CLI.run(["review", "--after", side.url.path, "--locale", "en", "--format", "text"])
        #expect(inside.status == 0 && inside.output.contains(", 28 records"), "\(inside.standardError) \(inside.output)")
    }

    @Test("a samples/ link committed to a git side that leaves it (to a folder outside, to /) is refused, exit 66")
    func sampleLinksInGit() throws {
        let outside = try ScratchDirectory("alertkit-review-cli-outside")
        try outside.file("secret.json", try Self.alertLine(id: "outside-secret"))
        for (link, target) in [("samples/linked", outside.url.path), ("samples/root", "/"), ("samples/up", "../../../.."), ("samples", outside.url.path)] {
            let repository = try ScratchDirectory("alertkit-review-cli-git")
            let side = try Self.folder(step: "Change your password today.")
            try repository.file("tpl/catalog/en.json", Data(contentsOf: side.url.appendingPathComponent("catalog/en.json")))
            if link != "samples" { try repository.file("tpl/samples/mine.ndjson", try Self.alertLine(id: "mine")) }
            try FileManager.default.createSymbolicLink(atPath: repository.path("tpl/" + link), withDestinationPath: target)
            let git = try CLI.shell("git init -q . && git add tpl && git -c user.name=t -c user.email=t@example.com commit -q -m t", in: repository.url)
            try #require(git.status == 0, "\(git.standardError)")
            try FileManager.default.removeItem(atPath: repository.path("tpl/" + link))  // the committed link alone: none in the work tree
            let result = try CLI.shell("\"$ALERTKIT\" review --before HEAD:tpl --after shipped --locale en --format text", in: repository.url)
            try #require(result.status == 66, "\(link) → \(target): \(result.status) \(result.standardError) \(result.output)")
            #expect(result.standardError.contains(link) && result.standardError.contains("outside the templates folder"), "\(result.standardError)")
            #expect(!result.output.contains("records"))
        }
        #expect(try Self.leftovers().isEmpty)
    }

    @Test("an output that is an input (its path, a link to it, a hard link of it) or a report folder that is, holds or lies in an input: refused like batch, exit 64, the input untouched")
    func outputsAreNotInputs() throws {
        let folder = try ScratchDirectory("alertkit-review-cli-in")
        let text = try Self.alertLine(id: "feed-1")
        let feed = try folder.file("feeds/feed.ndjson", text)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.ndjson"), withDestinationPath: feed)
        try FileManager.default.linkItem(atPath: feed, toPath: folder.path("hard.ndjson"))
        let cases: [(input: String, option: String, path: String, message: String)] = [
            (feed, "--json", feed, "is one of the inputs"),
            (feed, "--summary", folder.path("link.ndjson"), "is one of the inputs"),
            (feed, "--junit", folder.path("hard.ndjson"), "is one of the inputs"),
            (folder.path("link.ndjson"), "--json", folder.path("hard.ndjson"), "is one of the inputs"),
            (folder.path("feeds"), "--json", folder.path("feeds/new.json"), "is in an input folder"),
            (feed, "--report", folder.path("feeds"), "overlaps the input"),
            (feed, "--report", folder.url.path, "overlaps the input"),
            (folder.path("feeds"), "--report", folder.path("feeds/report"), "overlaps the input"),
            (folder.path("feeds"), "--report", folder.path("feeds"), "overlaps the input"),
        ]
        for test in cases {
            let result = try CLI.run(["review", test.input, "--after", "shipped", "--locale", "en", "--format", "text", "--no-screenshots",
                                      test.option, test.path])
            #expect(result.status == 64 && result.standardError.contains(test.option + " " + test.path)
                    && result.standardError.contains(test.message), "\(test): \(result.status) \(result.standardError)")
            #expect(try String(contentsOfFile: feed, encoding: .utf8) == text, "\(test)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("feeds/new.json")) && !FileManager.default.fileExists(atPath: folder.path("feeds/index.html"))
                    && !FileManager.default.fileExists(atPath: folder.path("index.html")))
        }
        // The default inputs (the samples/ folders) are inputs too.
        let side = try Self.folder(step: "Change your password today.")
        let sample = try side.file("samples/mine.ndjson", text)
        let result = try CLI.run(["review", "--after", side.url.path, "--locale", "en", "--format", "text", "--summary", sample])
        #expect(result.status == 64 && result.standardError.contains("is one of the inputs"), "\(result.standardError)")
        #expect(try String(contentsOfFile: sample, encoding: .utf8) == text)
    }
}
