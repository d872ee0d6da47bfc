import Dispatch

/// Every record of a run's inputs, in order, numbered: files one after another, each directory's files in
/// path order. A file that cannot be opened or read stands as one unreadable record, and the run goes on.
public final class RecordStream {
    private var entries: [(input: BatchInput, entry: BatchInput.Entry)] = []
    private var inputs: IndexingIterator<[BatchInput]>
    private var current: (name: String, reader: FeedReader, regular: Bool)?
    private var position = 0
    private let maxRecordBytes: Int
    private let isStopped: @Sendable () -> Bool
    /// Whether reading ended because a stop was requested while waiting for input.
    public private(set) var wasStopped = false

    /// Streams the records of `inputs`. `maxRecordBytes` bounds how far one record's end is sought;
    /// `isStopped` is asked while waiting for a pipe or terminal, so that a stop request ends the wait.
    public init(inputs: [BatchInput], maxRecordBytes: Int = 1 << 20, isStopped: @escaping @Sendable () -> Bool = { false }) {
        self.inputs = inputs.makeIterator()
        self.maxRecordBytes = maxRecordBytes
        self.isStopped = isStopped
    }

    /// Streams the records read from `source` (an HTTP request body, a pipe: any `ByteSource`), named `name` in the
    /// records: what `alertkit serve` reads a `/v1/batch` body through. A source that waits for its bytes stops
    /// the stream by throwing `BatchStopped`.
    public init(source: any ByteSource, name: String, maxRecordBytes: Int = 1 << 20) {
        self.inputs = [].makeIterator()
        self.maxRecordBytes = maxRecordBytes
        self.isStopped = { false }
        current = (name, FeedReader(reader: ByteReader(source: source), maxRecordBytes: maxRecordBytes), false)
    }

    /// The next record; `nil` when every input is done (or a stop ended a wait).
    public func next() -> BatchRecord? {
        while !wasStopped {
            if let (name, reader, _) = current {
                do {
                    if let record = try reader.next() {
                        return numbered(BatchRecord(position: 0, source: name, line: record.line, index: record.index,
                                                    bytes: record.bytes, unreadable: record.problem, unreadableKind: record.kind))
                    }
                } catch is BatchStopped {
                    wasStopped = true
                    return nil
                } catch {
                    current = nil
                    return numbered(BatchRecord(position: 0, source: name, line: 0, index: 0, bytes: [],
                                                unreadable: "cannot be read to the end (\(error))"))
                }
                current = nil
                continue
            }
            if entries.isEmpty {
                guard let input = inputs.next() else { return nil }
                entries = input.entries().reversed().map { (input, $0) }
                continue
            }
            let (input, entry) = entries.removeLast()
            switch entry {
            case .problem(let path, let message):
                return numbered(BatchRecord(position: 0, source: path, line: 0, index: 0, bytes: [], unreadable: message))
            case .file(let path):
                let name = path == "-" ? input.displayName : path
                do {
                    current = (name, try BatchInput.open(path, maxRecordBytes: maxRecordBytes, isStopped: isStopped),
                               path != "-" && FileIdentity(path: path)?.isRegularFile == true)
                } catch {
                    return numbered(BatchRecord(position: 0, source: name, line: 0, index: 0, bytes: [], unreadable: "\(error)"))
                }
            }
        }
        return nil
    }

    /// Whether reading the next record may wait for input: the input being read is a pipe, a terminal or a socket
    /// (or a source that waits) with no whole record at hand. Regular files never wait.
    public var mayWait: Bool {
        guard let current, !current.regular else { return false }
        return current.reader.mayWait
    }

    /// What is left once a run stops early: the records not yet read, counted by reading on without keeping them,
    /// as far as the inputs are regular files. `complete` is false when a pipe, a terminal or standard input was
    /// left unread (it may never end), or the count took longer than `seconds` (a stopped run ends promptly).
    public func countRemaining(within seconds: Double = 3) -> (records: Int, complete: Bool) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var count = 0
        while true {
            if let (_, reader, regular) = current {
                guard regular else { return (count, false) }
                do {
                    while try reader.next() != nil {
                        count += 1
                        if count % 16 == 0, DispatchTime.now().uptimeNanoseconds > deadline { return (count, false) }
                    }
                } catch {
                    count += 1  // the file's unreadable rest counts as one record, as when it is read
                }
                current = nil
                continue
            }
            if entries.isEmpty {
                guard let input = inputs.next() else { return (count, true) }
                entries = input.entries().reversed().map { (input, $0) }
                continue
            }
            switch entries.removeLast().entry {
            case .problem:
                count += 1
            case .file(let path):
                guard path != "-", FileIdentity(path: path)?.isRegularFile == true else { return (count, false) }
                if let reader = try? BatchInput.open(path, maxRecordBytes: maxRecordBytes, isStopped: isStopped) {
                    current = (path, reader, true)
                } else {
                    count += 1
                }
            }
        }
    }

    private func numbered(_ record: BatchRecord) -> BatchRecord {
        var record = record
        record.position = position
        position += 1
        return record
    }
}
