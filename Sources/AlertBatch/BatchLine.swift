import AlertJSON
import AlertModel

/// The lines `alertkit batch` writes for a record, shared by the command and `alertkit serve`'s `/v1/batch`:
/// `{"position", "source", "line", "index", "id", "format", "warnings"?, "document"}` for a rendered alert (`warnings`,
/// what it holds that was accepted but not understood, only when there are some),
/// `{…, "format", "error": {…, "kind", "pointer", "message", "problems"}}` for a rejected one (`kind`: the
/// `FailureKind` that rejected it). A run in several locales (`--locales`) gives each line a `"locale"` after its
/// `"format"`.
public enum BatchLine {
    /// The `--ndjson` line of an outcome, with its newline; empty for a skipped record. With `locale`, the line
    /// names it after the format.
    public static func ndjson(_ record: BatchRecord, _ outcome: BatchOutcome, format: String, locale: String? = nil) -> [UInt8] {
        switch outcome {
        case .rendered(let id, let document, let warnings):
            var line = header(record, id: id, capacity: 512 + document.jsonCapacity)
            line.add("format", format)
            if let locale { line.add("locale", locale) }
            if !warnings.isEmpty { line.add("warnings", raw: problems(warnings)) }
            line.add("document", document: document)
            return line.finished()
        case .skipped:
            return []
        case .rejected(let rejection):
            var line = header(record, id: rejection.id)
            line.add("format", format)
            if let locale { line.add("locale", locale) }
            line.add("error", raw: error(record, rejection).closed())
            return line.finished()
        }
    }

    /// The `--errors` line of a rejected record, with its newline.
    public static func errorLine(_ record: BatchRecord, _ rejection: BatchRejection) -> [UInt8] {
        error(record, rejection).finished()
    }

    /// Where the record is, its id, the first problem and all of them.
    private static func error(_ record: BatchRecord, _ rejection: BatchRejection) -> JSONLine {
        let list = problems(rejection.problems)
        var error = header(record, id: rejection.id)
        error.add("kind", rejection.kind.rawValue)
        error.add("pointer", rejection.problems.first?.pointer ?? "")
        error.add("message", rejection.problems.first?.message ?? "rejected")
        error.add("problems", raw: list)
        return error
    }

    /// `[{"pointer": …, "message": …}, …]`.
    public static func problems(_ problems: [BatchRejection.Problem]) -> [UInt8] {
        var list: [UInt8] = [UInt8(ascii: "[")]
        for (index, problem) in problems.enumerated() {
            if index > 0 { list.append(UInt8(ascii: ",")) }
            var object = JSONLine(capacity: 64)
            object.add("pointer", problem.pointer)
            object.add("message", problem.message)
            list += object.closed()
        }
        list.append(UInt8(ascii: "]"))
        return list
    }

    private static func header(_ record: BatchRecord, id: String?, capacity: Int = 512) -> JSONLine {
        var line = JSONLine(capacity: capacity)
        line.add("position", record.position)
        line.add("source", record.source)
        line.add("line", record.line)
        line.add("index", record.index)
        if let id { line.add("id", id) }
        return line
    }
}
