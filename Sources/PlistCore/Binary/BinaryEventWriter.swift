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

  /// The file: objects numbered in the tree writer's order (a container, a dictionary's keys,
  /// then what its values hold, depth first), then encoded.
  ///
  /// Equal strings (by their UTF-8 bytes, found through `HashedIndexTable` without making a
  /// `String` of each) and equal scalars (`BinaryPlistFlattener.scalar`) are written once.
  mutating func finish() -> [UInt8] {
    let tokens = self.tokens
    let values = self.values
    let dictionaryKeys = self.dictionaryKeys
    self.tokens = []
    self.values = []
    return text.withUnsafeBufferPointer { text in
      var flattener = BinaryPlistFlattener(expectedObjects: tokens.count)
      var strings = StringNumbering(text: text)
      // The open containers: object index, key references, where their references start.
      var stack: [(index: Int, keys: [Int]?, firstRef: Int)] = []
      var refs: [Int] = []
      for token in tokens {
        var reference: Int
        switch token {
        case .array, .dictionary:
          reference = flattener.objects.count
          flattener.objects.append(.array([]))
          var keys: [Int]?
          if case .dictionary(let range) = token {
            keys = dictionaryKeys[range].map {
              strings.string($0.start, $0.count, &flattener.objects)
            }
          }
          refs.append(reference)
          stack.append((reference, keys, refs.count))
          continue
        case .key:
          continue
        case .end:
          let frame = stack.removeLast()
          let children = Array(refs[frame.firstRef...])
          refs.removeSubrange(frame.firstRef...)
          flattener.objects[frame.index] =
            frame.keys.map { .dictionary(keys: $0, values: children) } ?? .array(children)
          continue
        case .string(let start, let count):
          reference = strings.string(start, count, &flattener.objects)
        case .value(let index):
          reference = flattener.scalar(values[index])
        }
        refs.append(reference)
      }
      return BinaryPlistFlattener.encode(flattener.objects)
    }
  }

  /// The object numbers of the strings written so far, by their bytes in `text`.
  private struct StringNumbering {
    let text: UnsafeBufferPointer<UInt8>
    /// Strings, by the number of the string: where its bytes lie in `text`, its object.
    var strings = HashedIndexTable(minimumCapacity: 1024)
    var runs: [(start: Int, count: Int, object: Int)] = []

    init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// The object of the string of `count` bytes at `start` in `text`, appended when new.
    ///
    /// Strings are equal when their bytes are, as `BinaryPlistFlattener.same` has them.
    mutating func string(_ start: Int, _ count: Int, _ objects: inout [FlatObject]) -> Int {
      let bytes = UnsafeBufferPointer(rebasing: text[start..<(start + count)])
      let hash = FileFingerprint.hash(bytes)
      let base = text.baseAddress
      // Reads `runs` while `strings` changes: disjoint stored properties of `self`.
      let found = runs.withUnsafeBufferPointer { runs in
        strings.find(orInsert: runs.count, hash: hash) { s in
          let run = runs[s]
          guard run.count == count else { return false }
          guard count > 0, let base else { return true }
          return memcmp(base + run.start, base + start, count) == 0
        }
      }
      if let found { return runs[found].object }
      runs.append((start, count, objects.count))
      objects.append(.text(bytes))
      return objects.count - 1
    }
  }
}
