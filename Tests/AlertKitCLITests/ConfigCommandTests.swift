import AlertTestSupport
import Foundation
import Testing

@Suite("alertkit config and the flags that override it")
final class ConfigCommandTests {
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("alertkit-config-\(UUID())/config.json")

    deinit { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }

    @Test("a stored threshold survives a restart; a flag overrides it for one run without being stored")
    func persistence() throws {
        #expect(try CLI.run(["config", "get", "threshold"], config: config).output == "0.9 (default)\n")
        #expect(try CLI.run(["config", "set", "threshold", "0.3"], config: config).status == 0)
        #expect(try CLI.run(["config", "get", "threshold"], config: config).output == "0.3\n")
        // The email sample (severity 0.4) is urgent under the stored 0.3, not under a one-run 0.5.
        let stored = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text"], config: config)
        #expect(stored.output.contains("Urgent"))
        let flagged = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text", "--threshold", "0.5"], config: config)
        #expect(!flagged.output.contains("Urgent"))
        #expect(try CLI.run(["config", "get", "threshold"], config: config).output == "0.3\n")
        let off = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text", "--no-urgency"], config: config)
        #expect(!off.output.contains("Urgent"))
        #expect(try CLI.run(["config", "unset", "threshold"], config: config).status == 0)
        #expect(try CLI.run(["config", "get", "threshold"], config: config).output == "0.9 (default)\n")
    }

    @Test("ALERTKIT_CONFIG naming /dev/null or an empty file means no settings (what the Spark job passes)")
    func noSettings() throws {
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: config)
        for file in [URL(fileURLWithPath: "/dev/null"), config] {
            let result = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text"], config: file)
            #expect(result.status == 0, "\(file.path): \(result.standardError)")
            #expect(try CLI.run(["config", "get", "threshold"], config: file).output == "0.9 (default)\n")
        }
    }

    @Test("the stored locale applies until a flag says otherwise")
    func locale() throws {
        #expect(try CLI.run(["config", "set", "locale", "es"], config: config).status == 0)
        let spanish = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text"], config: config)
        #expect(spanish.output.contains("06/09/2016"))
        let english = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text", "--locale", "en"], config: config)
        #expect(english.output.contains("Date of leak: 09-06-2016"))
        #expect(try CLI.run(["config", "list"], config: config).output == "threshold = 0.9 (default)\nurgency = on (default)\nlocale = es\nhelp-line = none (default)\ntemplates = none (default)\n"
            + "max-alert-bytes = 1048576 (default)\nmax-events = 1000 (default)\nmax-string-bytes = 65536 (default)\n"
            + "max-depth = 64 (default)\nmax-document-bytes = 16777216 (default)\n"
            + "product-name = the catalog's (default)\napp-link = the catalog's (default)\nsms-opt-out = the catalog's (default)\n"
            + "sender-name = the catalog's (default)\nsender-address = the catalog's (default)\nunsubscribe = the catalog's (default)\n"
            + "action-links = the catalog's (default)\nbot-actions = the catalog's (default)\n"
            + "host = 127.0.0.1 (default)\nport = 8080 (default)\ntoken-file = none (default)\nallow-reveal = off (default)\n"
            + "strict = off (default)\nbody-limit = 1048576 (default)\nread-timeout = 10 (default)\nhead-timeout = 10 (default)\n"
            + "idle-timeout = 30 (default)\nrender-timeout = 10 (default)\ngrace-period = 10 (default)\n"
            + "max-connections-per-address = 128 (default)\nmax-batch-streams = 2 (default)\nbatch-jobs = the core count (default)\n"
            + "batch-min-rate = 1024 (default)\nlog-format = text (default)\n")
    }

    @Test("with a help line stored or given, Call dials it as a tel: link; without one the popup says what to do instead")
    func helpLine() throws {
        let call = #"<a class="role-default call" href="tel:+18005550100">Call</a>"#
        let none = try CLI.run(["render", "SampleData/email-alert.json"], config: config)
        #expect(!none.output.contains("tel:") && !none.output.contains(">Call<"))
        #expect(none.output.contains("Reach our experts through the contact details in your account."))
        #expect(try CLI.run(["config", "set", "help-line", "+1 (800) 555-0100"], config: config).status == 0)
        #expect(try CLI.run(["config", "get", "help-line"], config: config).output == "+1 (800) 555-0100\n")
        #expect(try CLI.run(["render", "SampleData/email-alert.json"], config: config).output.contains(call))
        let text = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text"], config: config)
        #expect(text.output.contains("[Call: +1 (800) 555-0100]"))
        let flagged = try CLI.run(["render", "SampleData/email-alert.json", "--help-line", "0800 123 456"], config: config)
        #expect(flagged.output.contains(#"href="tel:0800123456""#))
        #expect(try CLI.run(["config", "unset", "help-line"], config: config).status == 0)
        #expect(!(try CLI.run(["render", "SampleData/email-alert.json"], config: config).output.contains("tel:")))
    }

    @Test("bad keys and values are usage errors and change nothing", arguments: [
        ["config", "set", "threshold", "1.5"], ["config", "set", "colour", "red"], ["config", "set", "locale", "fr"],
        ["config", "set", "urgency", "maybe"], ["config", "get"], ["config", "set", "help-line", "call me"],
        ["config", "set", "help-line", "+1 800 555 0100\" onclick=\"x"],
    ])
    func refusals(arguments: [String]) throws {
        let result = try CLI.run(arguments, config: config)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: config.path))
    }

    @Test("--locale, --threshold and --help-line are checked", arguments: [
        ["--locale", "fr"], ["--threshold", "2"], ["--help-line", "javascript:alert(1)"], ["--help-line", "12"],
    ])
    func badFlags(flags: [String]) throws {
        #expect(try CLI.run(["render", "SampleData/email-alert.json"] + flags, config: config).status == 64)
    }
}

/// One settings table (`SettingKey.all`): README.md's copy, the flags of the commands each key applies to, and the
/// settings file's keys all agree with it.
@Suite("Settings table")
struct SettingsTableTests {
    @Test("README.md holds `alertkit config keys`, row for row")
    func readme() throws {
        let keys = try CLI.run(["config", "keys"])
        #expect(keys.status == 0)
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- settings table: alertkit config keys -->\n"))
        let end = try #require(readme.range(of: "<!-- end of settings table -->"))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == keys.output, "README.md: run alertkit config keys\n\(keys.output)")
    }

    @Test("each key with a flag is a flag of every command it applies to")
    func flags() throws {
        let keys = try CLI.run(["config", "keys"]).output.split(separator: "\n").dropFirst(2)
        for row in keys {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells[0].contains("(also `--") else { continue }
            let name = String(cells[0].split(separator: "`")[0])
            for command in cells[4].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let arguments = command == "templates" ? ["templates", "check", "--help"] : [command, "--help"]
                let help = try CLI.run(arguments).output
                #expect(help.contains("--\(name)"), "alertkit \(command) has no --\(name)")
            }
        }
    }

    @Test("the settings file's keys are the table's")
    func fileKeys() throws {
        let scratch = try ScratchDirectory("alertkit-settings-keys")
        let config = scratch.url.appendingPathComponent("config.json")
        let values = ["threshold": "0.8", "urgency": "off", "locale": "es", "help-line": "+1 800 555 0100", "templates": scratch.url.path,
                      "max-alert-bytes": "2000", "max-events": "5", "max-string-bytes": "100", "max-depth": "8",
                      "max-document-bytes": "100000", "product-name": "Acme", "app-link": "https://acme.example/app",
                      "sms-opt-out": "Reply STOP to stop", "sender-name": "Acme", "sender-address": "alerts@acme.example",
                      "unsubscribe": "mailto:stop@acme.example", "action-links": "remind=https://acme.example/remind",
                      "bot-actions": "on", "host": "::1", "port": "9000", "token-file": "/etc/alertkit/tokens",
                      "allow-reveal": "on", "strict": "on", "body-limit": "100", "read-timeout": "5", "head-timeout": "5",
                      "idle-timeout": "5", "render-timeout": "5", "grace-period": "0", "max-connections-per-address": "4",
                      "max-batch-streams": "1", "batch-jobs": "1", "batch-min-rate": "0", "log-format": "json"]
        for (key, value) in values {
            let set = try CLI.run(["config", "set", key, value], config: config)
            #expect(set.status == 0, "\(key): \(set.standardError)")
        }
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: config)) as? [String: Any])
        let rows = try CLI.run(["config", "keys"]).output.split(separator: "\n").dropFirst(2)
        let fileKeys = rows.map { String($0.split(separator: "`")[$0.contains("(also `--") ? 5 : 3]) }
        #expect(Set(stored.keys) == Set(fileKeys), "\(stored.keys.sorted()) against \(fileKeys.sorted())")
        #expect(Set(values.keys) == Set(rows.map { String($0.split(separator: "`")[1]) }), "every key is set above")
    }
}
