import AlertJSON
@testable import AlertServer
import AlertTestSupport
import Foundation
import Testing

/// `serve`'s own settings, one table (`ServerSetting.all`): a configuration file takes each of them by its key,
/// checked at, below and above its bounds, and the checks of a configuration made in Swift are the file's.
@Suite("Server settings table")
struct ServerSettingTests {
    /// Each bounded setting with a value at its bound, one past it (refused) and one inside.
    static let bounds: [(key: String, at: JSONValue, past: JSONValue, inside: JSONValue)] = [
        ("port", .number(65535), .number(65536), .number(8081)),
        ("port", .number(0), .number(-1), .number(1)),
        ("bodyLimit", .number(1), .number(0), .number(2)),
        ("maxConnectionsPerAddress", .number(1), .number(0), .number(2)),
        ("maxBatchStreams", .number(1), .number(0), .number(2)),
        ("batchJobs", .number(1), .number(0), .number(2)),
        ("gracePeriod", .number(0), .number(-0.5), .number(0.5)),
        ("batchMinRate", .number(0), .number(-1), .number(1)),
        ("readTimeout", .number(0.001), .number(0), .number(1)),
        ("headTimeout", .number(0.001), .number(0), .number(1)),
        ("idleTimeout", .number(0.001), .number(0), .number(1)),
        ("renderTimeout", .number(0.001), .number(0), .number(1)),
        ("logFormat", .string("json"), .string("xml"), .string("text")),
        ("host", .string("::1"), .string(""), .string("0.0.0.0")),
        ("tokenFile", .string("/etc/tokens"), .string(""), .null),
    ]

    static func load(_ key: String, _ value: JSONValue) throws -> ServerConfiguration {
        let folder = try ScratchDirectory("alertkit-server-setting")
        let text = String(decoding: try JSONEncoder().encode([key: value]), as: UTF8.self)
        return try ServerConfiguration.load(file: try folder.file("settings.json", text))
    }

    @Test("every bound: the value at it and inside it is taken, the one past it refused with the key and the value",
          arguments: bounds.indices)
    func bound(index: Int) throws {
        let (key, at, past, inside) = Self.bounds[index]
        let setting = try #require(ServerSetting.keyed(key))
        for value in [at, inside] {
            let loaded = try Self.load(key, value)
            #expect(setting.value(in: loaded) == value, "\(key) \(value.summary)")
            try loaded.check()
        }
        do {
            _ = try Self.load(key, past)
            Issue.record("\(key): \(past.summary) was taken")
        } catch {
            #expect("\(error)".contains("\(key) takes \(setting.takes), not \(past.summary)"), "\(error)")
        }
        // The same check for a configuration made in Swift.
        var made = ServerConfiguration()
        if case .number(let number) = past, let whole = Int(exactly: number), key == "port" || key.hasPrefix("max") || key.hasSuffix("Limit") || key == "batchJobs" {
            switch key {
            case "port": made.port = whole
            case "bodyLimit": made.bodyLimit = whole
            case "maxConnectionsPerAddress": made.maxConnectionsPerAddress = whole
            case "maxBatchStreams": made.maxBatchStreams = whole
            default: made.batchJobs = whole
            }
            #expect(throws: ServerConfigurationError.self) { try made.check() }
        }
    }

    @Test("a value of the wrong kind is refused: a port as text, a flag as a number, a timeout as a flag")
    func wrongKind() throws {
        for (key, value) in [("port", JSONValue.string("8080")), ("allowReveal", .number(1)), ("readTimeout", .bool(true)),
                             ("port", .number(80.5)), ("logFormat", .number(1)), ("host", .array([]))] {
            #expect(throws: ServerConfigurationError.self, "\(key) \(value.summary)") { try Self.load(key, value) }
        }
    }

    @Test("every setting's text form (a flag's, config set's) reads back as its value, and its default is the default's")
    func texts() throws {
        let defaults = ServerConfiguration()
        for setting in ServerSetting.all {
            let value = setting.value(in: defaults)
            if setting.key != "batchJobs" { #expect(setting.text(of: value) == setting.defaultValue, "\(setting.name)") }
            guard value != .null else { continue }
            #expect(try setting.parse(setting.text(of: value)) == value, "\(setting.name)")
        }
        #expect(throws: ServerConfigurationError.self) { try ServerSetting.named("port")!.parse("eighty") }
        #expect(throws: ServerConfigurationError.self) { try ServerSetting.named("allow-reveal")!.parse("maybe") }
    }

    @Test("a reload keeps the settings a restart takes, and names each one that changed")
    func restartOnly() throws {
        var old = ServerConfiguration()
        var new = ServerConfiguration()
        new.port = 9001
        new.logFormat = "json"
        new.bodyLimit = 5
        let fixed = ServerConfiguration.restartOnly.filter { new.differs(from: old, in: $0) }
        #expect(fixed == ["port", "logFormat"])
        new.keepRestartOnly(of: old)
        #expect(new.port == 8080 && new.logFormat == "text" && new.bodyLimit == 5)
        old.bodyLimit = 5
        #expect(new == old)
    }
}
