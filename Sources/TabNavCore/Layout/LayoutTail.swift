import Synchronization

/// The last items of a large layout's top level, decoded on the parser's thread once it has
/// parsed the file (docs/benchmark.md, "Loading a large layout").
///
/// The decoder reads the tabs while the parser is still at work, and is the slower of the two:
/// when the parser is done, its thread takes the second half of the top-level items the decoder
/// has not begun, and decodes them into a table of its own. The decoder stops where they start
/// and takes the table over (`LayoutDecoder.adopt`), its indices shifted after its own. Only a
/// clean result is taken: if the parser's thread meets any problem (a schema error, a broken
/// rule of the hierarchy, or an id the decoder's part has too), its work is dropped and the
/// decoder reads those items itself, so every message is the one a plain decode gives.
final class LayoutTail: Sendable {
    /// What the parser's thread decoded: the last items of the top level, in order.
    struct Block {
        var nodes: [TabHierarchy.Node]
        var roots: [Int]
        var siblingOffsets: [Int32]
        var commandNodes: [Int]
    }

    private struct State {
        /// The decoder has claimed the items before this one.
        var next = 0
        /// Where the parser thread's items begin, once it has claimed them.
        var blockStart: Int?
        /// Its work, once done and clean.
        var block: Block?
    }

    private let state = Mutex(State())
    /// How many blocks decoders have adopted, in this process (for tests).
    package static let adoptedBlocks = Atomic<Int>(0)

    /// The fewest items worth a second thread.
    static let smallestBlock = 2

    /// Called by the decoder before it decodes item `offset`: false when that item is the
    /// parser thread's (the decoder then waits for it and adopts its block).
    func claim(_ offset: Int) -> Bool {
        state.withLock { state in
            if let start = state.blockStart, offset >= start { return false }
            state.next = offset + 1
            return true
        }
    }

    /// The block, once the parser's thread is done (`JSONTapeStream.finish()`), taken out.
    func takeBlock() -> Block? {
        state.withLock { state in
            defer { state.block = nil }
            return state.block
        }
    }

    /// On the parser's thread, once the file is parsed (`parsed`: without an error): claims the
    /// second half of the items of `array` the decoder has not begun, and decodes them.
    func decode(_ array: Int, of handed: HandedDocument, folder: String?, parsed: Bool) {
        guard parsed else { return }
        let document = handed.document
        let tape = document.tape
        var elements: [Int] = []
        for element in tape.elements(array) { elements.append(element) }
        let count = elements.count
        let first: Int? = state.withLock { state in
            let remaining = count - state.next
            guard remaining >= Self.smallestBlock else { return nil }
            let start = count - remaining / 2
            state.blockStart = start
            return start
        }
        guard let first else { return }
        // A document of its own, without the stream: a message's path is then worked out here,
        // never by waiting for the parser (which is this thread).
        var decoder = LayoutDecoder(document: LayoutDocument(tape: tape, source: document.source), folder: folder)
        var objects = 0
        for token in elements[first]..<tape.next(array) where tape.kind(token) == .object { objects += 1 }
        decoder.reserveRoom(items: objects, ids: objects / 2)
        var roots: [Int] = []
        roots.reserveCapacity(count - first)
        do throws(LayoutError) {
            for offset in first..<count {
                let element = elements[offset]
                decoder.itemPath = [offset]
                roots.append(decoder.isSection(element)
                    ? try decoder.decodeSection(element, parent: nil, depth: 1)
                    : try decoder.decodeTab(element, parent: nil, depth: 1))
                if decoder.hierarchyProblem != nil { return }
            }
        } catch {
            return
        }
        let block = Block(nodes: decoder.nodes, roots: roots,
                          siblingOffsets: decoder.siblingOffsets, commandNodes: decoder.commandNodes)
        state.withLock { $0.block = block }
    }
}

/// The decoder's document handed to the parser's thread once the tape is complete: from then on
/// neither thread writes the tape, and the parser's thread reads it through a document of its own.
struct HandedDocument: @unchecked Sendable {
    let document: LayoutDocument
}

extension LayoutDecoder {
    /// Appends the parser thread's block after the items decoded here; its top-level indices, or
    /// nil when there is no clean block or one of its ids is taken already (nothing is changed
    /// then: the caller decodes those items itself).
    mutating func adopt(_ tail: LayoutTail) -> [Int]? {
        guard var block = tail.takeBlock() else { return nil }
        let shift = nodes.count
        // Each id read in place: a node handed out of the table's subscript may be copied whole.
        let clean = block.nodes.withUnsafeBufferPointer { table in
            for index in table.indices where Self.claim(&indexByID[table[index].item.id, default: -1], index + shift) != nil {
                for earlier in 0..<index { indexByID[table[earlier].item.id] = nil }
                return false
            }
            return true
        }
        guard clean else { return nil }
        nodes.reserveCapacity(nodes.count + block.nodes.count)
        for index in block.nodes.indices {
            if let parent = block.nodes[index].parent { block.nodes[index].parent = parent + shift }
            if !block.nodes[index].children.isEmpty {
                for child in block.nodes[index].children.indices { block.nodes[index].children[child] += shift }
            }
        }
        nodes.append(contentsOf: block.nodes)
        siblingOffsets.append(contentsOf: block.siblingOffsets)
        commandNodes.append(contentsOf: block.commandNodes.map { $0 + shift })
        // Letting the copies go releases every string they hold: not here, before the first frame.
        leftovers = block.nodes
        LayoutTail.adoptedBlocks.add(1, ordering: .relaxed)
        return block.roots.map { $0 + shift }
    }
}
