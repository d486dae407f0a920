import Foundation

/// Reader for binary property lists (`bplist00`, as CoreFoundation writes them).
///
/// What is accepted (Apple's `CFBinaryPList.c` is the reference; see `BinaryPlistMarker` for the
/// object table):
/// - the header `bplist0` followed by any byte (`bplist00`, `bplist01`, `bplist0x`: Apple's
///   reader has taken any minor version since Mac OS X 10.6); any other header is refused;
/// - the trailer and offset table as `BinaryPlistTrailer` validates them (widths 1 to 8 bytes,
///   3, 5, 6 and 7 included);
/// - booleans; integers of 1, 2 and 4 bytes (unsigned), 8 bytes (signed) and 16 bytes (signed
///   128-bit; a value outside `Int64.min...UInt64.max` is an `.outOfRange` error, never wrapped);
///   reals of 4 and 8 bytes (NaN and infinities kept); dates (8-byte float seconds since 2001,
///   fraction kept, years -9999 to 9999: see `PlistDate.earliest`); data; ASCII strings; UTF-16BE
///   strings; UIDs of 1 to 16 bytes whose value fits 64 bits; arrays; dictionaries with string
///   keys, duplicate keys kept in order.
///
/// What is refused with an error naming the offset: null (`0x00`, which CF reads as `kCFNull`
/// but is no property-list value) and fill (`0x0F`) objects, UTF-8 strings (`0x7_`, which only
/// the `bplist1?` format has), sets and ordered sets (`0xC_`, `0xB_`: never in a property list),
/// unused markers, non-ASCII bytes in an ASCII string, unpaired surrogates in a UTF-16 string,
/// non-string keys, references out of range, counts that run past the object area (checked
/// before anything is allocated), reference cycles, nesting deeper than `PlistLimits.maxDepth`
/// (`.limitExceeded`), shared containers that would expand the tree past one node per byte
/// of input (`maxNodesPerByte`, `.limitExceeded`), and anything past `PlistReadLimits`.
///
/// Each object is decoded once: strings, data and containers are cached by object index, so a
/// key string shared by 10,000 dictionaries is one `String` in memory. Locations: `start` is the
/// object's offset and `end` the end of its own encoding (for containers, of its references);
/// line and column are 0.
package enum BinaryPlistReader {
  /// Reads a `bplist0?` document.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - limits: the caps on values, strings and data.
  /// - Returns: a document of format `.binary` with no text.
  /// - Throws: `PlistError` of kind `.malformed`, `.outOfRange` or `.limitExceeded`, with the
  ///   byte offset of the fault.
  package static func read(
    _ bytes: UnsafeRawBufferPointer, limits: PlistReadLimits = .standard
  ) throws(PlistError) -> PlistDocument {
    var decoder = try decoder(for: bytes, limits: limits)
    let root = try decoder.node(decoder.trailer.topObject, depth: 0)
    var document = PlistDocument(root: root, format: .binary)
    document.census = PlistCensus(
      nodes: decoder.nodeCount &- decoder.keyCount, repeatsAKey: decoder.repeatsAKey)
    return document
  }

  /// Reads a `bplist0?` document into `sink` as events, without a tree: the checks, limits
  /// and errors of `read(_:limits:)`.
  ///
  /// - Throws: as `read(_:limits:)`, or whatever `sink` throws.
  static func decode<Sink: PlistEventSink>(
    _ bytes: UnsafeRawBufferPointer, limits: PlistReadLimits = .standard, into sink: inout Sink
  ) throws(PlistError) {
    var decoder = try decoder(for: bytes, limits: limits)
    decoder.buildsTree = false
    try decoder.decode(decoder.trailer.topObject, depth: 0, into: &sink)
  }

  /// A decoder for `bytes` once its size, header and trailer have been checked.
  private static func decoder(
    for bytes: UnsafeRawBufferPointer, limits: PlistReadLimits
  ) throws(PlistError) -> BinaryPlistDecoder {
    guard bytes.count <= PlistLimits.maxDocumentBytes else {
      throw PlistError(.limitExceeded, "the file is over 4 GiB, the most infoscope reads")
    }
    try checkHeader(bytes)
    var decoder = BinaryPlistDecoder(bytes: bytes, trailer: try BinaryPlistTrailer(bytes))
    decoder.limits = limits
    return decoder
  }

  /// Most nodes a file may expand to, per byte of input, through containers it shares.
  ///
  /// Every node but the root comes from a reference of at least one byte, so a file that
  /// shares no container (CF and plistlib never share them) yields fewer nodes than bytes;
  /// only a crafted file (arrays referring twice to the next, or offsets aliasing one
  /// container) can exceed this, and it stops with `.limitExceeded` before using memory.
  package static let maxNodesPerByte = 1

  private static func checkHeader(_ bytes: UnsafeRawBufferPointer) throws(PlistError) {
    let magic = BinaryPlistMarker.magic
    guard bytes.count >= 8 else {
      throw PlistError(
        .malformed, "binary property list is \(bytes.count) bytes, shorter than its 8-byte header",
        offset: 0)
    }
    for i in 0..<magic.count where bytes[i] != magic[i] {
      let found = (0..<8).map { b in
        (0x20..<0x7F).contains(bytes[b])
          ? String(UnicodeScalar(bytes[b]))
          : "\\x"
            + String(bytes[b], radix: 16)
      }.joined()
      throw PlistError(
        .malformed,
        "unsupported binary property list header \"\(found)\", expected \"bplist0\" and a "
          + "version byte (bplist00)", offset: i)
    }
  }
}

/// The decoding state for one file: the bytes, the validated trailer and the object cache.
///
/// Containers and the cache live here; scalars in `BinaryPlistDecoder+Scalars.swift`.
struct BinaryPlistDecoder {
  let bytes: UnsafeRawBufferPointer
  let trailer: BinaryPlistTrailer
  /// End of the object area (the offset table's offset): no object may reach past it.
  let objectsEnd: Int
  let referenceWidth: Int
  let objectCount: Int
  /// Per object: 0 = not cached, `inProgress` = a container being decoded (an ancestor of the
  /// current object), otherwise 1 + its slot in `cache`.
  var state: [UInt32]
  var cache: [PlistNode] = []
  /// Per cache slot: the number of nodes the cached node stands for (its subtree).
  var cacheSizes: [Int] = []
  /// Nodes produced so far, shared subtrees counted each time they are used.
  var nodeCount = 0
  /// Whether a dictionary made so far holds a key more than once.
  var repeatsAKey = false
  /// Dictionary keys read, which `nodeCount` counts as objects and a tree does not count as
  /// nodes (keys inside a shared container are not counted again when it is used again).
  var keyCount = 0
  let nodeBudget: Int
  /// The caps on values, strings and data.
  var limits = PlistReadLimits.standard
  /// True when decoding builds a tree (`node(_:depth:)`).
  ///
  /// Strings and data are then remembered by object index and shared, and children lists are reserved. Events
  /// (`decode(_:depth:into:)`) need neither.
  var buildsTree = true

  static let inProgress = UInt32.max
  /// A container decoded before and not remembered: decoded again if referenced again (CF
  /// never shares containers, so caching them would cost every file for a rare case).
  static let decodedContainer = UInt32.max - 1

  init(bytes: UnsafeRawBufferPointer, trailer: BinaryPlistTrailer) {
    self.bytes = bytes
    self.trailer = trailer
    objectsEnd = trailer.offsetTableOffset
    referenceWidth = trailer.referenceWidth
    objectCount = trailer.objectCount
    state = [UInt32](repeating: 0, count: trailer.objectCount)
    // Most objects are strings and data, decoded once and remembered: reserve for them.
    cache.reserveCapacity(min(trailer.objectCount, 1 << 16))
    cacheSizes.reserveCapacity(min(trailer.objectCount, 1 << 16))
    nodeBudget = max(bytes.count &* BinaryPlistReader.maxNodesPerByte, 1 << 16)
  }

  // MARK: Objects

  /// The node of object `index`, whose parent container sits at nesting `depth`.
  ///
  /// Containers still being decoded are kept on an explicit stack (no recursion), so a file
  /// nested as deep as `PlistLimits.maxDepth` needs no stack of its own, and one nested deeper
  /// is refused at the first container past the limit.
  mutating func node(_ index: Int, depth: Int) throws(PlistError) -> PlistNode {
    var stack: [ContainerFrame] = []
    var next = (index: index, depth: depth)
    while true {
      var done: PlistNode?
      switch try begin(next.index, depth: next.depth) {
      case .node(let node): done = node
      case .open(let frame): stack.append(frame)
      }
      // Hand finished nodes to their containers until one has a child left to decode.
      while true {
        guard let top = stack.indices.last else {
          guard let done else { fatalError("BinaryPlistDecoder: a container vanished") }
          return done
        }
        if let node = done {
          stack[top].add(node)
          done = nil
        }
        if let child = try nextChild(of: &stack[top]) {
          next = (child, stack[top].depth)
          break
        }
        done = try finish(stack.removeLast())
      }
    }
  }

  /// Sends object `index`, whose parent container sits at nesting `depth`, to `sink` as
  /// events, with the checks, limits and errors of `node(_:depth:)`, and no tree.
  ///
  /// Containers still being decoded are kept on an explicit stack (no recursion).
  mutating func decode<Sink: PlistEventSink>(
    _ index: Int, depth: Int, into sink: inout Sink
  ) throws(PlistError) {
    var stack: [ContainerFrame] = []
    var next = (index: index, depth: depth)
    while true {
      if let span = asciiSpan(next.index) {
        try produced(1)
        try deliver(span, asKey: false, into: &sink)
      } else if try !deliverScalar(next.index, into: &sink) {
        switch try begin(next.index, depth: next.depth) {
        case .node(let node):
          try deliver(node, into: &sink)
        case .open(let frame):
          try sink.begin(frame.isDictionary ? .dictionary : .array)
          stack.append(frame)
        }
      }
      // Close containers until one has a child left to decode.
      while true {
        guard let top = stack.indices.last else { return }
        if let child = try nextChild(of: &stack[top]) {
          if let span = stack[top].keySpan {
            try deliver(span, asKey: true, into: &sink)
          } else if let key = stack[top].key {
            _ = try PlistEventText.with(key.text) { (text) throws(PlistError) in
              try sink.key(text, at: key.location)
            }
          }
          next = (child, stack[top].depth)
          break
        }
        let frame = stack.removeLast()
        try produced(1)
        state[frame.index] = BinaryPlistDecoder.decodedContainer
        try sink.end(at: location(frame.offset, frame.end))
      }
    }
  }

  /// The bytes of object `index` when it is an ASCII string that decodes without error.
  ///
  /// What the event path hands on as they stand, without making a string. Nil for anything else,
  /// which `begin` then decodes (and refuses in its own words).
  ///
  /// Mutating though it changes nothing: called from the mutating event loop, a non-mutating
  /// method was handed a 161-byte copy of the decoder for every object read.
  mutating func asciiSpan(_ index: Int) -> (start: Int, end: Int, offset: Int)? {
    guard !buildsTree, state[index] == 0 else { return nil }
    let offset = trailer.offset(of: index, in: bytes)
    let marker = bytes[offset]
    guard marker & 0xF0 == BinaryPlistMarker.asciiString.rawValue,
      let (count, start) = try? countAndStart(marker, offset, .asciiString),
      let end = try? extent(start, count, unit: 1, offset, .asciiString, "bytes"),
      count <= limits.maxStringBytes
    else { return nil }
    return BinaryPlistDecoder.isASCII(bytes, start, end) ? (start, end, offset) : nil
  }

  /// Whether `bytes[start..<end]` holds no byte above 0x7F, read eight bytes at a time.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var any: UInt64 = 0
    var i = start
    while end &- i >= 8 {
      any |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      i &+= 8
    }
    while i < end {
      any |= UInt64(base.load(fromByteOffset: i, as: UInt8.self))
      i &+= 1
    }
    return any & 0x8080_8080_8080_8080 == 0
  }

  /// Decodes object `index` and hands it to `sink` when the event path meets a scalar that
  /// nothing has decoded yet, with `begin`'s checks in `begin`'s order; false for anything else
  /// (containers, objects met before, unknown markers), which `begin` then handles.
  ///
  /// Spares the event loop `begin`'s answer, a 152-byte enum copied several times per scalar,
  /// and an optional node, whose destruction the optimiser leaves to the type's value witnesses.
  mutating func deliverScalar<Sink: PlistEventSink>(
    _ index: Int, into sink: inout Sink
  ) throws(PlistError) -> Bool {
    guard !buildsTree, state[index] == 0 else { return false }
    let offset = trailer.offset(of: index, in: bytes)
    let marker = bytes[offset]
    guard let kind = BinaryPlistMarker(byte: marker), kind != .array, kind != .dictionary
    else { return false }
    let node: PlistNode
    switch kind {
    case .asciiString, .utf16String, .data:
      node = try scalar(kind, offset, marker, dataBytes: sink.needsDataBytes)
      try produced(1)
    default:
      try produced(1)
      node = try scalar(kind, offset, marker)
    }
    try deliver(node, into: &sink)
    return true
  }

  /// Hands a decoded scalar to `sink`: a string as text, anything else as a value.
  private func deliver<Sink: PlistEventSink>(
    _ node: PlistNode, into sink: inout Sink
  ) throws(PlistError) {
    if case .string(let text) = node.value {
      _ = try PlistEventText.with(text) { (text) throws(PlistError) in
        try sink.string(text, at: node.location)
      }
    } else {
      try sink.value(node.value, at: node.location)
    }
  }

  /// Hands an ASCII string's bytes to `sink` as a string or a key.
  private func deliver<Sink: PlistEventSink>(
    _ span: (start: Int, end: Int, offset: Int), asKey: Bool, into sink: inout Sink
  ) throws(PlistError) {
    let text = PlistEventText(
      bytes: UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[span.start..<span.end]),
      isValidated: true)
    let location = location(span.offset, span.end)
    _ = asKey ? try sink.key(text, at: location) : try sink.string(text, at: location)
  }

  /// What decoding an object starts with: a finished node, or a container to fill.
  enum Beginning {
    case node(PlistNode)
    case open(ContainerFrame)
  }

  /// Decodes a scalar or a cached object, or opens a container.
  mutating func begin(_ index: Int, depth: Int) throws(PlistError) -> Beginning {
    let status = state[index]
    let offset = trailer.offset(of: index, in: bytes)
    if status != 0 && status != BinaryPlistDecoder.decodedContainer {
      if status == BinaryPlistDecoder.inProgress {
        throw PlistError(
          .malformed,
          "object \(index) at offset 0x\(hex(offset)) contains itself through its "
            + "references (a cycle), expected a tree", offset: offset)
      }
      let slot = Int(status &- 1)
      try produced(cacheSizes[slot])
      return .node(cache[slot])
    }
    let marker = bytes[offset]
    guard let kind = BinaryPlistMarker(byte: marker) else {
      throw PlistError(
        .malformed,
        "object \(index) at offset 0x\(hex(offset)) has the unknown marker 0x"
          + "\(hex(marker)), expected a property-list object", offset: offset)
    }
    switch kind {
    case .array:
      return .open(try openArray(index, offset, marker, depth))
    case .dictionary:
      return .open(try openDictionary(index, offset, marker, depth))
    case .asciiString, .utf16String, .data:
      let node = try scalar(kind, offset, marker)
      try produced(1)
      if buildsTree { remember(index, node, size: 1) }
      return .node(node)
    default:
      try produced(1)
      return .node(try scalar(kind, offset, marker))
    }
  }

  private mutating func remember(_ index: Int, _ node: PlistNode, size: Int) {
    cache.append(node)
    cacheSizes.append(size)
    state[index] = UInt32(truncatingIfNeeded: cache.count)
  }

  private mutating func produced(_ count: Int) throws(PlistError) {
    nodeCount &+= count
    if nodeCount > limits.maxObjects {
      throw PlistError(.limitExceeded, limits.tooManyObjects())
    }
    if nodeCount > nodeBudget {
      throw PlistError(
        .limitExceeded,
        "shared containers expand the tree past \(nodeBudget) nodes, the most "
          + "infoscope builds from a file of \(bytes.count) bytes")
    }
  }

  @inline(__always)
  func location(_ start: Int, _ end: Int) -> SourceLocation {
    SourceLocation(
      line: 0, column: 0, start: UInt32(truncatingIfNeeded: start),
      end: UInt32(truncatingIfNeeded: end))
  }

  private mutating func openArray(
    _ index: Int, _ offset: Int, _ marker: UInt8, _ parentDepth: Int
  ) throws(PlistError) -> ContainerFrame {
    let depth = try enter(parentDepth, offset)
    let (count, start) = try countAndStart(marker, offset, .array)
    let end = try extent(start, count, unit: referenceWidth, offset, .array, "references")
    state[index] = BinaryPlistDecoder.inProgress
    var frame = ContainerFrame(
      index: index, offset: offset, end: end, depth: depth, start: start, count: count,
      isDictionary: false)
    if buildsTree { frame.children.reserveCapacity(count) }
    return frame
  }

  private mutating func openDictionary(
    _ index: Int, _ offset: Int, _ marker: UInt8, _ parentDepth: Int
  ) throws(PlistError) -> ContainerFrame {
    let depth = try enter(parentDepth, offset)
    let (count, start) = try countAndStart(marker, offset, .dictionary)
    let (units, overflow) = count.multipliedReportingOverflow(by: 2)
    if overflow {
      throw PlistError(
        .malformed,
        "dictionary at offset 0x\(hex(offset)) claims \(count) entries, more than "
          + "the file can hold", offset: offset)
    }
    let end = try extent(start, units, unit: referenceWidth, offset, .dictionary, "references")
    state[index] = BinaryPlistDecoder.inProgress
    var frame = ContainerFrame(
      index: index, offset: offset, end: end, depth: depth, start: start, count: count,
      isDictionary: true)
    if buildsTree { frame.entries.reserveCapacity(count) }
    return frame
  }

  /// The object index of the next child of `frame` (for a dictionary, after reading its key
  /// into `frame.key`), or nil when every child is in.
  mutating func nextChild(of frame: inout ContainerFrame) throws(PlistError) -> Int? {
    let i = frame.taken
    guard i < frame.count else { return nil }
    frame.taken &+= 1
    guard frame.isDictionary else {
      return try reference(at: frame.start &+ i &* referenceWidth, frame.offset)
    }
    let offset = frame.offset
    let keyIndex = try reference(at: frame.start &+ i &* referenceWidth, offset)
    let keyOffset = trailer.offset(of: keyIndex, in: bytes)
    let keyKind = BinaryPlistMarker(byte: bytes[keyOffset])
    if state[keyIndex] == BinaryPlistDecoder.inProgress {
      _ = try begin(keyIndex, depth: frame.depth)  // reports the cycle
    }
    if let span = asciiSpan(keyIndex) {
      try produced(1)
      frame.keySpan = span
      keyCount &+= 1
      let valuesStart = frame.start &+ frame.count &* referenceWidth
      return try reference(at: valuesStart &+ i &* referenceWidth, offset)
    }
    frame.keySpan = nil
    guard keyKind == .asciiString || keyKind == .utf16String,
      case .node(let keyNode) = try begin(keyIndex, depth: frame.depth)
    else {
      let what = keyKind?.article ?? "an unknown object (marker 0x\(hex(bytes[keyOffset])))"
      throw PlistError(
        .malformed,
        "key \(i) of the dictionary at offset 0x\(hex(offset)) is \(what), "
          + "expected a string", offset: keyOffset)
    }
    guard case .string(let key) = keyNode.value else {
      throw PlistError(
        .malformed, "key \(i) of the dictionary at offset 0x\(hex(offset)) is not a string",
        offset: keyOffset)
    }
    frame.key = (key, keyNode.location)
    keyCount &+= 1
    let valuesStart = frame.start &+ frame.count &* referenceWidth
    return try reference(at: valuesStart &+ i &* referenceWidth, offset)
  }

  /// The node of a container whose children are all in.
  private mutating func finish(_ frame: ContainerFrame) throws(PlistError) -> PlistNode {
    try produced(1)
    state[frame.index] = BinaryPlistDecoder.decodedContainer
    let location = location(frame.offset, frame.end)
    if frame.isDictionary {
      let dictionary = PlistDictionary(frame.entries)
      if !repeatsAKey, dictionary.hasDuplicateKeys { repeatsAKey = true }
      return PlistNode(.dictionary(dictionary), location: location)
    }
    return PlistNode(.array(frame.children), location: location)
  }

  /// The nesting of a container inside one at `parentDepth`, checked against the limit.
  private func enter(_ parentDepth: Int, _ offset: Int) throws(PlistError) -> Int {
    let depth = parentDepth &+ 1
    if depth > PlistLimits.maxDepth {
      throw PlistError(.limitExceeded, PlistLimits.tooDeepToRead, offset: offset)
    }
    return depth
  }

  /// The object index stored in the reference at `at`, checked against the object count.
  @inline(__always)
  private func reference(at: Int, _ container: Int) throws(PlistError) -> Int {
    let value = BinaryPlistTrailer.bigEndian(bytes, at, referenceWidth)
    guard value < UInt64(objectCount) else {
      throw PlistError(
        .malformed,
        "container at offset 0x\(hex(container)) refers to object \(value), "
          + "expected an index below the object count \(objectCount)", offset: at)
    }
    return Int(value)
  }

  // MARK: Counts and extents

  /// The element count of a variable-length object and the offset where its payload starts.
  ///
  /// A low nibble of 0xF means the count follows as an integer object of 1, 2, 4 or 8 bytes.
  @inline(__always)
  func countAndStart(
    _ marker: UInt8, _ offset: Int, _ kind: BinaryPlistMarker
  ) throws(PlistError) -> (Int, Int) {
    let nibble = marker & 0x0F
    if nibble != BinaryPlistMarker.extendedCount { return (Int(nibble), offset &+ 1) }
    let p = offset &+ 1
    guard p < objectsEnd else {
      throw PlistError(
        .malformed, "\(kind.article) at offset 0x\(hex(offset)) is cut off before its count",
        offset: p)
    }
    let countMarker = bytes[p]
    guard countMarker & 0xF0 == BinaryPlistMarker.integer.rawValue, countMarker & 0x0F <= 3 else {
      throw PlistError(
        .malformed,
        "the count of \(kind.article) at offset 0x\(hex(offset)) has the marker 0x"
          + "\(hex(countMarker)), expected an integer of 1 to 8 bytes (0x10 to 0x13)", offset: p)
    }
    let width = 1 << Int(countMarker & 0x0F)
    guard width <= objectsEnd &- p &- 1 else {
      throw PlistError(
        .malformed,
        "the count of \(kind.article) at offset 0x\(hex(offset)) runs into the "
          + "offset table", offset: p)
    }
    let count = BinaryPlistTrailer.bigEndian(bytes, p &+ 1, width)
    let start = p &+ 1 &+ width
    // Every element takes at least one byte, so a larger count cannot be real.
    guard count <= UInt64(objectsEnd &- start) else {
      throw PlistError(
        .malformed,
        "\(kind.article) at offset 0x\(hex(offset)) claims \(count) elements, more "
          + "than the \(objectsEnd &- start) bytes left before the offset table", offset: p)
    }
    return (Int(count), start)
  }

  /// The end of a payload of `count` units of `unit` bytes from `start`, checked to end before
  /// the offset table (overflow-safe).
  @inline(__always)
  func extent(
    _ start: Int, _ count: Int, unit: Int, _ offset: Int, _ kind: BinaryPlistMarker,
    _ what: String
  ) throws(PlistError) -> Int {
    let (size, overflow) = count.multipliedReportingOverflow(by: unit)
    guard !overflow, start <= objectsEnd, size <= objectsEnd &- start else {
      throw PlistError(
        .malformed,
        "\(kind.article) at offset 0x\(hex(offset)) claims \(count) \(what), which "
          + "run past the \(max(0, objectsEnd &- start)) bytes left before the offset table",
        offset: offset)
    }
    return start &+ size
  }

  /// Lower-case hexadecimal without prefix, for messages.
  func hex<T: BinaryInteger>(_ value: T) -> String { String(value, radix: 16) }
}

/// A container being decoded: where it is, and the children decoded so far.
struct ContainerFrame {
  let index: Int
  let offset: Int
  /// The end of its references.
  let end: Int
  /// Its own nesting level (the root container is 1).
  let depth: Int
  /// The offset of its first reference.
  let start: Int
  /// Its number of items or entries.
  let count: Int
  let isDictionary: Bool
  var children: [PlistNode] = []
  var entries: [PlistEntry] = []
  /// The key of the entry whose value is being decoded.
  var key: (text: String, location: SourceLocation)?
  /// The same, when the event path took it as an ASCII string's bytes (`asciiSpan`).
  var keySpan: (start: Int, end: Int, offset: Int)?

  /// The number of children whose decoding has started.
  var taken = 0

  /// Adds the node just decoded: the next item, or the value of `key`.
  mutating func add(_ node: PlistNode) {
    if isDictionary, let key {
      entries.append(PlistEntry(key: key.text, keyLocation: key.location, node: node))
    } else {
      children.append(node)
    }
  }
}
