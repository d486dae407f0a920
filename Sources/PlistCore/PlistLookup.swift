/// One value of a document read without building the document's tree: what `get` does.
///
/// The reader checks the whole document, as `PlistReader.read(bytes:file:limits:)` does, with
/// the same errors at the same positions; only the value the key path names is built, as a
/// tree (`PlistTreeBuilder`). A key resolves to its last entry, as `PlistNode.resolve(_:)`
/// does: a later entry of the same key replaces what an earlier one found.
package enum PlistLookup {
  /// What a lookup found.
  package enum Outcome {
    /// The node the key path names, with everything below it.
    case found(PlistNode)
    /// The document is well formed and the key path names nothing in it. Why is for a tree
    /// to say (`PlistNode.explainMissing(_:)`).
    case missing
  }

  /// The node `keyPath` names in `input`, or nil when the input is neither XML nor binary
  /// (ASCII and JSON input are read as trees).
  ///
  /// - Parameters:
  ///   - keyPath: the path to follow from the root; the root itself when it has no step.
  ///   - input: the whole file.
  ///   - limits: the readers' caps on values, strings and data.
  /// - Returns: the node found with its subtree, `.missing`, or nil for ASCII and JSON input.
  /// - Throws: `PlistError` as `PlistReader.read(bytes:file:limits:)` throws it, without the
  ///   file name.
  package static func node(
    at keyPath: KeyPath, in input: [UInt8], limits: PlistReadLimits = .standard
  ) throws(PlistError) -> Outcome? {
    let (format, _, text) = try PlistReader.text(of: input)
    switch format {
    case .xml:
      let result = text.withUnsafeBufferPointer { buffer in
        Result { () throws(PlistError) -> Outcome in
          var scanner = XMLScanner(buffer)
          scanner.limits = limits
          var sink = KeyPathSelection(keyPath, source: buffer)
          try scanner.parseDocument(into: &sink)
          return sink.outcome
        }
      }
      return try result.get()
    case .binary:
      let result = input.withUnsafeBytes { raw in
        Result { () throws(PlistError) -> Outcome in
          var sink = KeyPathSelection(keyPath, source: UnsafeBufferPointer(start: nil, count: 0))
          try BinaryPlistReader.decode(raw, limits: limits, into: &sink)
          return sink.outcome
        }
      }
      return try result.get()
    default:
      return nil
    }
  }
}

/// The sink that follows a key path through a reader's events and builds only the value at
/// its end; every other key and string is only checked for UTF-8.
///
/// The open containers that lie on the key path are always the outermost ones, so two counts
/// say where the reader is: `open` containers, of which the first `onPath` are the path's.
struct KeyPathSelection: PlistEventSink {
  /// A step of the path, its key as UTF-8 bytes.
  private enum Step {
    case key([UInt8])
    case index(Int)
  }

  private let steps: [Step]
  /// The text the readers' byte ranges point into (empty for binary input).
  private let source: UnsafeBufferPointer<UInt8>
  /// Containers open now.
  private var open = 0
  /// How many of the outermost open containers are the path's own: the root, the value of its
  /// first step, and so on.
  private var onPath = 0
  /// Whether the next value in the innermost open container is the one the path's next step
  /// names (the root before anything is read).
  private var selectsNext = true
  /// Items started so far in each array on the path, by level.
  private var items: [Int]
  /// Whether each container on the path is a dictionary, by level.
  private var isDictionary: [Bool]
  /// The tree being built for the value at the path's end, while it is read.
  private var builder: PlistTreeBuilder?
  /// Whether `builder` is set, checked per event without touching the optional builder.
  private var building = false
  /// The value found last, if any.
  private var found: PlistNode?

  /// A selection of `keyPath` in a document read from `source`.
  init(_ keyPath: KeyPath, source: UnsafeBufferPointer<UInt8>) {
    steps = keyPath.components.map { component in
      switch component {
      case .key(let key): .key(Array(key.utf8))
      case .index(let index): .index(index)
      }
    }
    self.source = source
    items = Array(repeating: 0, count: steps.count)
    isDictionary = Array(repeating: false, count: steps.count)
  }

  /// The lookup's answer once the document has been read.
  var outcome: PlistLookup.Outcome {
    if let found { return .found(found) }
    return .missing
  }

  /// A value starts in the innermost open container: answers whether it is the one the path
  /// names at this level, counting it when the container is an array on the path.
  private mutating func selects() -> Bool {
    guard open == onPath else { return false }
    let selected = selectsNext
    selectsNext = false
    if open == 0 { return selected }
    switch steps[open - 1] {
    case .index(let wanted):
      guard !isDictionary[open - 1] else { return false }
      let index = items[open - 1]
      items[open - 1] = index &+ 1
      return index == wanted
    case .key:
      return selected
    }
  }

  /// Hands a finished value of the builder over as the value found.
  private mutating func takeFinished() {
    guard let root = builder?.root else { return }
    found = root
    builder = nil
    building = false
  }

  mutating func begin(_ kind: PlistKind) {
    if building {
      builder?.begin(kind)
      return
    }
    if selects() {
      if onPath == steps.count {
        builder = PlistTreeBuilder(text: source)
        building = true
        builder?.begin(kind)
        return
      }
      items[onPath] = 0
      isDictionary[onPath] = kind == .dictionary
      onPath &+= 1
    }
    open &+= 1
  }

  mutating func end(at location: SourceLocation) {
    if building {
      builder?.end(at: location)
      takeFinished()
      return
    }
    if open == onPath { onPath &-= 1 }
    open &-= 1
  }

  mutating func key(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    if building { return builder?.key(text, at: location) ?? false }
    guard text.isValid else { return false }
    if open == onPath, open > 0, isDictionary[open - 1], case .key(let wanted) = steps[open - 1] {
      selectsNext = wanted.elementsEqual(text.bytes)
      // A later entry of the key replaces the earlier one, and all that was found under it.
      if selectsNext { found = nil }
    }
    return true
  }

  mutating func string(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    if building { return builder?.string(text, at: location) ?? false }
    guard text.isValid else { return false }
    if selects(), onPath == steps.count {
      var builder = PlistTreeBuilder(text: source)
      guard builder.string(text, at: location) else { return false }
      found = builder.root
    }
    return true
  }

  /// Only a value that may be the one selected, or lies inside it, is looked at: one whose
  /// container is on the path, or any value while the selected container is being read.
  var needsDataBytes: Bool { building || open == onPath }

  mutating func value(_ value: PlistValue, at location: SourceLocation) {
    if building {
      builder?.value(value, at: location)
      takeFinished()
      return
    }
    if selects(), onPath == steps.count { found = PlistNode(value, location: location) }
  }
}
