/// Receives a property list's values in document order, as a reader finds them or a tree walk
/// visits them: what lets a command write a document without building its tree.
///
/// The order of calls for one value:
/// - a scalar: `string` or `value`;
/// - an array: `begin(.array)`, each item's calls, `end`;
/// - a dictionary: `begin(.dictionary)`, then for each entry `key` and the value's calls,
///   then `end`.
///
/// Locations are those a tree node would carry (`SourceLocation.none` from a tree walk of nodes
/// made in memory); a container's comes with `end`, when its closing tag has been read.
/// A sink's error stops the reader or the walk at once and is passed on unchanged.
package protocol PlistEventSink {
  /// A container opens; `kind` is `.array` or `.dictionary`.
  mutating func begin(_ kind: PlistKind) throws(PlistError)
  /// The container opened last closes; `location` is the whole container's.
  mutating func end(at location: SourceLocation) throws(PlistError)
  /// The key of the next entry of the open dictionary.
  ///
  /// - Returns: false when `text` is not valid UTF-8 (the reader then reports where).
  mutating func key(_ text: PlistEventText, at location: SourceLocation) throws(PlistError) -> Bool
  /// A string value.
  ///
  /// - Returns: false when `text` is not valid UTF-8 (the reader then reports where).
  mutating func string(
    _ text: PlistEventText, at location: SourceLocation
  ) throws(PlistError)
    -> Bool
  /// Any other scalar: an integer, real, boolean, date, data or UID (never a string or a
  /// container).
  mutating func value(_ value: PlistValue, at location: SourceLocation) throws(PlistError)
  /// Whether the next data value's bytes matter to the sink.
  ///
  /// When false, a reader may hand `value` empty data in its place, after every check the
  /// real bytes would have passed: `get` reads a whole file only to find one value, and
  /// copying every other data value out of it was a tenth of its time. True unless a sink
  /// says otherwise.
  var needsDataBytes: Bool { get }
}

extension PlistEventSink {
  /// Every data value's bytes, for sinks that do not say otherwise.
  package var needsDataBytes: Bool { true }
}

/// The text of a key or string as a reader hands it to a sink: bytes that are valid UTF-8 only
/// when `isValidated` says so, and where they lie in the reader's text when they are a slice
/// of it (no entity or CDATA section changed them).
package struct PlistEventText {
  /// The text's UTF-8 bytes, valid only for the duration of the call.
  package var bytes: UnsafeBufferPointer<UInt8>
  /// True when the bytes are known to be valid UTF-8 (they came from a Swift `String`).
  package var isValidated: Bool
  /// The offset of the first byte in the reader's text when the bytes are a slice of it.
  package var sourceStart: Int?

  /// Wraps bytes.
  package init(bytes: UnsafeBufferPointer<UInt8>, isValidated: Bool, sourceStart: Int? = nil) {
    self.bytes = bytes
    self.isValidated = isValidated
    self.sourceStart = sourceStart
  }

  /// The bytes are valid UTF-8: known so, or checked now (`UTF8Validation.isValid`).
  package var isValid: Bool { isValidated || UTF8Validation.isValid(bytes) }

  /// Calls `body` with the text of `string`, marked valid.
  package static func with<R>(
    _ string: String, _ body: (PlistEventText) throws(PlistError) -> R
  ) throws(PlistError) -> R {
    var string = string
    let result = string.withUTF8 { bytes in
      Result { () throws(PlistError) -> R in
        try body(PlistEventText(bytes: bytes, isValidated: true))
      }
    }
    return try result.get()
  }
}

/// UTF-8 validation without building a string.
package enum UTF8Validation {
  /// True when `bytes` are well-formed UTF-8.
  ///
  /// Unicode's table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF, no
  /// truncated sequence. ASCII is checked 8 bytes at a time.
  package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let n = bytes.count
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i < n {
      if i + 8 <= n,
        raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          & 0x8080_8080_8080_8080 == 0
      {
        i += 8
        continue
      }
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      func continuation(_ k: Int) -> Bool { i + k < n && bytes[i + k] & 0xC0 == 0x80 }
      switch lead {
      case 0xC2...0xDF:
        guard continuation(1) else { return false }
        i += 2
      case 0xE0...0xEF:
        guard i + 1 < n else { return false }
        let second = bytes[i + 1]
        let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
        let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
        guard (low...high).contains(second), continuation(2) else { return false }
        i += 3
      case 0xF0...0xF4:
        guard i + 1 < n else { return false }
        let second = bytes[i + 1]
        let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
        let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
        guard (low...high).contains(second), continuation(2), continuation(3) else {
          return false
        }
        i += 4
      default:
        return false
      }
    }
    return true
  }
}

extension PlistNode {
  /// Sends this node and everything below it to `sink`, in document order, without
  /// recursion: what a writer that takes events does with a tree.
  ///
  /// - Throws: whatever `sink` throws.
  package func replay<Sink: PlistEventSink>(into sink: inout Sink) throws(PlistError) {
    var stack: [OpenContainer] = []
    var pending: PlistNode? = self
    while true {
      if let node = pending {
        pending = nil
        switch node.value {
        case .array(let items):
          try sink.begin(.array)
          stack.append(OpenContainer(children: .items(items), depth: 0, location: node.location))
        case .dictionary(let dictionary):
          try sink.begin(.dictionary)
          stack.append(
            OpenContainer(
              children: .entries(dictionary.entries), depth: 0, location: node.location))
        case .string(let text):
          _ = try PlistEventText.with(text) { (text) throws(PlistError) in
            try sink.string(text, at: node.location)
          }
        default:
          try sink.value(node.value, at: node.location)
        }
      }
      guard let top = stack.indices.last else { return }
      // The open container is read in place: a copy of it would retain its children at
      // every step.
      let next = stack[top].next
      guard next < stack[top].count else {
        try sink.end(at: stack[top].location)
        stack.removeLast()
        continue
      }
      stack[top].next += 1
      switch stack[top].children {
      case .items(let items):
        pending = items[next]
      case .entries(let entries):
        let entry = entries[next]
        _ = try PlistEventText.with(entry.key) { (key) throws(PlistError) in
          try sink.key(key, at: entry.keyLocation)
        }
        pending = entry.node
      }
    }
  }
}

/// The containers an event writer has open, and where the next value goes: the bookkeeping
/// the XML and JSON event writers share (what they write around each child is their own).
struct EventNesting {
  /// A container written but not yet closed.
  struct Frame {
    let isDictionary: Bool
    /// Its level: the level of the value that opened it.
    let depth: Int
    /// Children started so far.
    var count = 0
  }

  /// The open containers, innermost last.
  private(set) var frames: [Frame] = []
  /// Whether the value of the innermost dictionary's last key is still to come.
  private var awaitingValue = false
  /// The level of the first value.
  let rootDepth: Int

  /// Nothing open yet; the first value sits at `rootDepth`.
  init(rootDepth: Int) { self.rootDepth = rootDepth }

  /// A child starts in the innermost container: answers the container as it was (its `count`
  /// is the number of children before this one), and counts the child.
  private mutating func startChild() -> Frame {
    let top = frames.count - 1
    let frame = frames[top]
    frames[top].count += 1
    return frame
  }

  /// Where a value goes: its level, and the container it starts a child of (nil for the first
  /// value, or when a key has already started the child).
  mutating func startValue() -> (depth: Int, container: Frame?) {
    guard let top = frames.indices.last else { return (rootDepth, nil) }
    if awaitingValue {
      awaitingValue = false
      return (frames[top].depth + 1, nil)
    }
    return (frames[top].depth + 1, startChild())
  }

  /// A key starts the next child of the innermost dictionary, which answers as `startChild`
  /// does; its value follows.
  mutating func startKey() -> Frame {
    awaitingValue = true
    return startChild()
  }

  /// A container opens at `depth`.
  mutating func open(isDictionary: Bool, depth: Int) {
    frames.append(Frame(isDictionary: isDictionary, depth: depth))
  }

  /// The innermost container closes; answers it.
  mutating func close() -> Frame { frames.removeLast() }
}

/// The sink that builds the tree: what the readers hand their events to when a caller asks
/// for a document.
///
/// Strings are made through `StringCache` when they are slices of `text` (repeated keys share
/// one storage), otherwise decoded on their own; both check UTF-8. It also notes whether a
/// dictionary repeats a key (`repeatsAKey`), for `PlistDocument.census`.
struct PlistTreeBuilder: PlistEventSink {
  /// A container being built.
  private struct Frame {
    let isDictionary: Bool
    var items: [PlistNode] = []
    var entries: [PlistEntry] = []
    var key: (text: String, location: SourceLocation)?
  }

  /// The text the readers' byte ranges point into.
  private let text: UnsafeBufferPointer<UInt8>
  private var strings: StringCache
  private var stack: [Frame] = []
  /// The finished root, once the last container has closed.
  private(set) var root: PlistNode?
  /// Whether a dictionary built so far holds a key more than once.
  private(set) var repeatsAKey = false

  /// A builder for a document read from `text`.
  init(text: UnsafeBufferPointer<UInt8>) {
    self.text = text
    strings = StringCache(textBytes: text.count)
  }

  /// A string for `text`, shared with earlier equal slices of the source; nil when not UTF-8.
  private mutating func make(_ text: PlistEventText) -> String? {
    if let start = text.sourceStart {
      return strings.string(self.text, start..<(start + text.bytes.count))
    }
    return text.isValidated
      ? String(decoding: text.bytes, as: UTF8.self) : StringCache.makeString(text.bytes)
  }

  private mutating func add(_ node: PlistNode) {
    guard let top = stack.indices.last else {
      root = node
      return
    }
    if stack[top].isDictionary, let key = stack[top].key {
      stack[top].entries.append(PlistEntry(key: key.text, keyLocation: key.location, node: node))
      stack[top].key = nil
    } else {
      stack[top].items.append(node)
    }
  }

  mutating func begin(_ kind: PlistKind) {
    stack.append(Frame(isDictionary: kind == .dictionary))
  }

  mutating func end(at location: SourceLocation) {
    let frame = stack.removeLast()
    if frame.isDictionary {
      let dictionary = PlistDictionary(frame.entries)
      if !repeatsAKey, dictionary.hasDuplicateKeys { repeatsAKey = true }
      add(PlistNode(.dictionary(dictionary), location: location))
    } else {
      add(PlistNode(.array(frame.items), location: location))
    }
  }

  mutating func key(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    guard let key = make(text) else { return false }
    stack[stack.count - 1].key = (key, location)
    return true
  }

  mutating func string(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    guard let string = make(text) else { return false }
    add(PlistNode(.string(string), location: location))
    return true
  }

  mutating func value(_ value: PlistValue, at location: SourceLocation) {
    add(PlistNode(value, location: location))
  }
}
