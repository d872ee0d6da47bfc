/// Every record of a run's inputs, in order, numbered: files one after another, each directory's files in
/// name order. A file that cannot be opened or read stands as one unreadable record, and the run goes on.
public final class RecordStream {
    private var files: [(input: BatchInput, path: String)] = []
    private var inputs: IndexingIterator<[BatchInput]>
    private var current: (name: String, source: RecordSource)?
    private var position = 0

    /// Streams the records of `inputs`.
    public init(inputs: [BatchInput]) {
        self.inputs = inputs.makeIterator()
    }

    /// The next record; `nil` when every input is done.
    public func next() -> BatchRecord? {
        while true {
            if let (name, source) = current {
                do {
                    if let (line, index, bytes) = try source.next() {
                        return numbered(BatchRecord(position: 0, source: name, line: line, index: index, bytes: bytes))
                    }
                } catch {
                    finish()
                    return numbered(BatchRecord(position: 0, source: name, line: 0, index: 0, bytes: [],
                                                unreadable: "cannot be read to the end (\(error))"))
                }
                finish()
                continue
            }
            if files.isEmpty {
                guard let input = inputs.next() else { return nil }
                do {
                    files = try input.files().reversed().map { (input, $0) }
                } catch {
                    return numbered(BatchRecord(position: 0, source: input.displayName, line: 0, index: 0, bytes: [],
                                                unreadable: "\(error)"))
                }
                continue
            }
            let (input, path) = files.removeLast()
            let name = path == "-" ? input.displayName : path
            do {
                current = (name, try BatchInput.open(path))
            } catch {
                return numbered(BatchRecord(position: 0, source: name, line: 0, index: 0, bytes: [], unreadable: "\(error)"))
            }
        }
    }

    private func finish() {
        current = nil
    }

    private func numbered(_ record: BatchRecord) -> BatchRecord {
        var record = record
        record.position = position
        position += 1
        return record
    }
}
