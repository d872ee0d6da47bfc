import AlertServer
@testable import AlertKitCLI
import AlertTestSupport
import Foundation
import Testing

/// `serve`'s own settings are rows of the one settings table: `config set` stores them, `serve`'s flags are exactly
/// the rows that apply to it, and a flag wins over `--config`'s file, which wins over the stored value.
@Suite("serve's settings in the one table")
struct ServeSettingsTests {
    @Test("every option of serve --help is a row of alertkit config keys that applies to serve, and every such row an option")
    func flags() throws {
        let help = try CLI.run(["serve", "--help"]).output
        let options = Set(help.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }  // an option's line, not one of its help's
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let name = trimmed.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "," }).first else { return nil }
            return String(name)
        }).subtracting(["config", "help", "version"])
        let rows = Set(SettingKey.all.filter { $0.hasFlag && $0.appliesTo.contains("serve") }.map(\.name))
        #expect(options == rows, "options without a row: \(options.subtracting(rows).sorted()); rows without an option: \(rows.subtracting(options).sorted())")
        #expect(ServerSetting.all.allSatisfy { setting in rows.contains(setting.name) })
    }

    @Test("a flag over the --config file over the stored setting over the default, for each of serve's settings")
    func precedence() throws {
        let folder = try ScratchDirectory("alertkit-serve-settings")
        let file = try folder.file("serve.json", #"{"bodyLimit": 20, "readTimeout": 3, "logFormat": "json"}"#)
        var stored = Settings()
        for (key, value) in [("port", "9000"), ("body-limit", "10"), ("read-timeout", "2"), ("max-batch-streams", "5"), ("allow-reveal", "on")] {
            try stored.set(key, value)
        }
        let command = try ServeCommand.parse(["--config", file, "--read-timeout", "4"])
        let configuration = try command.configuration(stored: stored)
        #expect(configuration.port == 9000, "stored over the default")
        #expect(configuration.maxBatchStreams == 5 && configuration.allowReveal)
        #expect(configuration.bodyLimit == 20, "the file over the stored")
        #expect(configuration.readTimeout == 4, "the flag over the file")
        #expect(configuration.logFormat == "json" && configuration.idleTimeout == 30)
    }

    @Test("config set checks serve's settings as the server does: at, below and above a bound")
    func bounds() throws {
        var settings = Settings()
        try settings.set("port", "65535")
        #expect(try settings.value("port") == "65535")
        #expect(throws: SettingsError.self) { try settings.set("port", "65536") }
        #expect(throws: SettingsError.self) { try settings.set("grace-period", "-1") }
        try settings.set("grace-period", "0")
        #expect(throws: SettingsError.self) { try settings.set("read-timeout", "0") }
        #expect(throws: SettingsError.self) { try settings.set("log-format", "xml") }
        try settings.set("log-format", "json")
        #expect(settings.values["port"] == .number(65535) && settings.values["logFormat"] == .string("json"))
        try settings.unset("port")
        #expect(try settings.value("port") == "8080 (default)")
    }

    @Test("a bad stored serve setting stops serve with 78 and names it; a bad flag is a usage error (64)")
    func badValues() throws {
        let folder = try ScratchDirectory("alertkit-serve-bad")
        let config = folder.url.appendingPathComponent("config.json")
        try #"{"port": "eighty"}"#.write(to: config, atomically: true, encoding: .utf8)
        let stored = try CLI.run(["serve"], config: config)
        #expect(stored.status == 78 && stored.standardError.contains("port takes a port, 0 to 65535, not \"eighty\""), "\(stored.standardError)")
        let flag = try CLI.run(["serve", "--port", "99999"], config: nil)
        #expect(flag.status == 64 && flag.standardError.contains("--port takes a port, 0 to 65535, not 99999"), "\(flag.standardError)")
        try #"{"prot": 8080}"#.write(to: config, atomically: true, encoding: .utf8)
        let unknown = try CLI.run(["serve"], config: config)
        #expect(unknown.status == 78 && unknown.standardError.contains("unknown key \"prot\""), "\(unknown.standardError)")
    }
}
