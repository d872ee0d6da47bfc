import CMarkArena
import Ccmark
import Testing

/// The per-thread arena cmark's trees are allocated from (`Sources/CMarkArena`). Under AddressSanitizer it hands out
/// the C library's allocator instead, and the same checks hold of that.
@Suite("cmark's arena")
struct CMarkArenaTests {
    @Test("calloc zeroes; realloc keeps the bytes, in place or moved; nested renderings keep it all until the outermost ends")
    func allocation() throws {
        let raw = try #require(alertkit_arena_enter())
        let isArena = raw != UnsafeMutableRawPointer(cmark_get_default_mem_allocator())
        let memory = raw.assumingMemoryBound(to: cmark_mem.self).pointee
        var handedOut: [UnsafeMutableRawPointer] = []
        defer { if !isArena { handedOut.forEach { memory.free($0) } } }

        let zeroed = try #require(memory.calloc(100, 1))
        #expect((0..<100).allSatisfy { zeroed.load(fromByteOffset: $0, as: UInt8.self) == 0 })
        for offset in 0..<100 { zeroed.storeBytes(of: UInt8(offset), toByteOffset: offset, as: UInt8.self) }
        let grown = try #require(memory.realloc(zeroed, 200))
        #expect((0..<100).allSatisfy { grown.load(fromByteOffset: $0, as: UInt8.self) == UInt8($0) })
        if isArena { #expect(grown == zeroed, "the newest allocation grows where it is") }
        handedOut.append(try #require(memory.calloc(1, 10)))
        let moved = try #require(memory.realloc(grown, 300_000))  // past the first block's 64 KB
        #expect((0..<100).allSatisfy { moved.load(fromByteOffset: $0, as: UInt8.self) == UInt8($0) })
        handedOut.append(moved)
        #expect(alertkit_arena_owns(moved) == isArena)
        if isArena { #expect(alertkit_arena_blocks() >= 2) }

        _ = alertkit_arena_enter()  // a rendering inside this one
        alertkit_arena_leave()
        #expect((0..<100).allSatisfy { moved.load(fromByteOffset: $0, as: UInt8.self) == UInt8($0) }, "kept while the outer one runs")
        if isArena { #expect(alertkit_arena_blocks() >= 2) }
        alertkit_arena_leave()
        if isArena {
            #expect(alertkit_arena_blocks() == 1, "all but the first block given back")
            #expect(!alertkit_arena_owns(moved))
            handedOut = []
        }
    }
}
