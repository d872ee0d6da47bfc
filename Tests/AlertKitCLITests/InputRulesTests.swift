import AlertTestSupport
import Foundation
import Testing

/// The input rules of docs/input.md that only a command shows: files in a folder.
@Suite("Input rules at the command line")
struct InputRulesTests {
    @Test("an empty file in a folder is one rejected record naming it; the folder's other files are rendered")
    func emptyFileInFolder() throws {
        let folder = try ScratchDirectory("alertkit-empty-file")
        try folder.file("feed/a.json", "")
        try folder.file("feed/b.json", #"{"id":"e","type":2,"events":[{"date":"2020-01-01","data":{"name":"A"}}]}"# + "\n")
        let result = try CLI.run(["batch", folder.path("feed"), "--ndjson", "-f", "text"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("a.json") && lines[0].contains("holds no alert (the input is empty)"))
        #expect(lines[1].contains("\"id\":\"e\"") && lines[1].contains("\"document\""))
    }
}
