import Foundation

/// What makes two paths the same file: its device and inode, which a symbolic link or a hard link share with
/// the file itself.
public struct FileIdentity: Sendable, Hashable {
    /// The device the file is on.
    public let device: UInt64
    /// The file's inode number on that device.
    public let inode: UInt64
    /// The file's type and permission bits (`st_mode`).
    public let mode: UInt32

    /// The identity of the file at `path`, following symbolic links; `nil` if there is none.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of an open file.
    public init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        mode = UInt32(status.st_mode)
    }

    /// Whether it is a directory.
    public var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    /// Whether it is a regular file.
    public var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

    public static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(inode)
    }
}
