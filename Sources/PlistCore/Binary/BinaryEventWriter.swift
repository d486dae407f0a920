import Glibc

/// The binary writer as an event sink: what `convert` to binary does with XML or binary input,
/// with no tree between the reader and the writer.
///
/// The bytes are `BinaryPlistWriter.write`'s for the same document. Its object order puts a
/// dictionary's keys right after the dictionary, before anything inside its values, so the
/// events are first kept as a flat list of tokens (strings and keys as bytes in one buffer,
/// other scalars as values); `finish` then numbers the objects in that order, sharing equal
/// scalars (strings by their UTF-8 bytes), and encodes the file. Memory is the tokens, the
/// bytes of the strings and the object list: no node per value, no string per key.
struct BinaryEventWriter: DocumentEventWriter {
  /// One event, kept for the numbering.
  private enum Token {
    case array
    /// A dictionary; its keys are `keys` in `dictionaryKeys` (set when it closes).
    case dictionary(keys: Range<Int>)
    /// A key or a string: `count` bytes at `start` in `text`.
    case key(start: Int, count: Int)
    case string(start: Int, count: Int)
    /// Another scalar, at this index in `values`.
    case value(Int)
    case end
  }

  private var tokens: [Token] = []
  private var text: [UInt8] = []
  private var values: [PlistValue] = []
  /// Every dictionary's keys (their place in `text`), one dictionary after another.
  private var dictionaryKeys: [(start: Int, count: Int)] = []
  /// The keys of the dictionaries still open, innermost last.
  private var openKeys: [(start: Int, count: Int)] = []
  /// The open containers: their token, where their keys start in `openKeys`, their level.
  private var open: [(token: Int, firstKey: Int, depth: Int)] = []

  /// A writer whose token list is sized for about `expectedTokens` events.
  init(expectedTokens: Int) {
    tokens.reserveCapacity(expectedTokens)
  }

  /// Appends `bytes` to `text`, and answers where they lie.
  private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, count: Int) {
    let start = text.count
    text.append(contentsOf: bytes)
    return (start, bytes.count)
  }

  mutating func begin(_ kind: PlistKind) throws(PlistError) {
    // The tree writer's check: a container at the deepest level the readers allow is the last.
    let depth = try BinaryPlistFlattener.enter(open.last?.depth ?? 0)
    open.append((tokens.count, openKeys.count, depth))
    tokens.append(kind == .dictionary ? .dictionary(keys: 0..<0) : .array)
  }

  mutating func end(at location: SourceLocation) {
    let frame = open.removeLast()
    tokens.append(.end)
    guard case .dictionary = tokens[frame.token] else { return }
    let first = dictionaryKeys.count
    dictionaryKeys.append(contentsOf: openKeys[frame.firstKey...])
    openKeys.removeSubrange(frame.firstKey...)
    tokens[frame.token] = .dictionary(keys: first..<dictionaryKeys.count)
  }

  mutating func key(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    guard text.isValid else { return false }
    let kept = keep(text.bytes)
    openKeys.append(kept)
    tokens.append(.key(start: kept.start, count: kept.count))
    return true
  }

  mutating func string(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    guard text.isValid else { return false }
    let kept = keep(text.bytes)
    tokens.append(.string(start: kept.start, count: kept.count))
    return true
  }

  mutating func value(_ value: PlistValue, at location: SourceLocation) {
    tokens.append(.value(values.count))
    values.append(value)
  }

  /// A string's bytes, compared as bytes.
  ///
  /// They lie in `text`, which does not move while the objects are numbered. The table hashes
  /// the bytes' own 64-bit hash, made once: hashing every string's bytes through `Hasher` was
  /// a sixth of a conversion's instructions.
  private struct Bytes: Hashable {
    let bytes: UnsafeBufferPointer<UInt8>
    let hash: UInt64

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
      hash = FileFingerprint.hash(bytes)
    }

    static func == (a: Bytes, b: Bytes) -> Bool {
      guard a.hash == b.hash, a.bytes.count == b.bytes.count else { return false }
      guard let p = a.bytes.baseAddress, let q = b.bytes.baseAddress else { return true }
      return memcmp(p, q, a.bytes.count) == 0
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
  }

  /// The file: objects numbered in the tree writer's order (a container, a dictionary's keys,
  /// then what its values hold, depth first), then encoded.
  mutating func finish() -> [UInt8] {
    let tokens = self.tokens
    let values = self.values
    let dictionaryKeys = self.dictionaryKeys
    self.tokens = []
    self.values = []
    return text.withUnsafeBufferPointer { text in
      var flattener = BinaryPlistFlattener()
      flattener.objects.reserveCapacity(tokens.count)
      var strings: [Bytes: Int] = [:]
      func string(_ start: Int, _ count: Int) -> Int {
        let bytes = Bytes(UnsafeBufferPointer(rebasing: text[start..<(start + count)]))
        if let index = strings[bytes] { return index }
        let index = flattener.objects.count
        flattener.objects.append(.text(bytes.bytes))
        strings[bytes] = index
        return index
      }
      // The open containers: object index, key references, references to children.
      var stack: [(index: Int, keys: [Int]?, refs: [Int])] = []
      for token in tokens {
        var reference: Int
        switch token {
        case .array, .dictionary:
          reference = flattener.objects.count
          flattener.objects.append(.array([]))
          var keys: [Int]?
          if case .dictionary(let range) = token {
            keys = dictionaryKeys[range].map { string($0.start, $0.count) }
          }
          if let top = stack.indices.last { stack[top].refs.append(reference) }
          stack.append((reference, keys, []))
          continue
        case .key:
          continue
        case .end:
          let frame = stack.removeLast()
          flattener.objects[frame.index] =
            frame.keys.map { .dictionary(keys: $0, values: frame.refs) } ?? .array(frame.refs)
          continue
        case .string(let start, let count):
          reference = string(start, count)
        case .value(let index):
          reference = flattener.scalar(values[index])
        }
        if let top = stack.indices.last { stack[top].refs.append(reference) }
      }
      return BinaryPlistFlattener.encode(flattener.objects)
    }
  }
}
