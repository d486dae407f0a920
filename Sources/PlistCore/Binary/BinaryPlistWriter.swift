import Foundation

/// Writer for binary property lists, laid out as CoreFoundation and Python's `plistlib` do.
///
/// Layout, object by object as CF's `__CFBinaryPlistWrite` and plistlib's `_BinaryPlistWriter`:
/// - header `bplist00`;
/// - objects in depth-first order: a container first, then (for a dictionary) all its keys, then
///   all its values, each flattened in turn; equal scalars (strings compared by Unicode scalars,
///   integers, reals and dates by bit pattern, data, booleans, UIDs) are written once and shared,
///   containers never;
/// - integers: negative ones in 8 bytes, others in the narrowest of 1, 2, 4 or 8 bytes, and
///   values above `Int64.max` as 16-byte integers; reals always as 8-byte doubles (the model keeps
///   no width); strings as ASCII when every scalar is below 0x80, otherwise UTF-16BE; UIDs in 1,
///   2, 4 or 8 bytes; counts of 15 and more as a following integer object;
/// - the offset table and references in the narrowest of 1, 2, 4 or 8 bytes (CF's `bytesNeeded`;
///   3-byte widths would be narrower still but no Apple reader writes them);
/// - the trailer: sort version 0, widths, object count, top object 0, offset-table offset.
///
/// The output of a tree that plistlib or CF also wrote is byte-identical to theirs when the
/// dictionaries are in the same order (plistlib sorts keys by default; we keep the tree's order).
package enum BinaryPlistWriter {
  /// Writes `root` as a `bplist00` document.
  ///
  /// - Parameters:
  ///   - root: the tree to write.
  ///   - expectedObjects: the number of nodes in the tree when known (`PlistNode.census`),
  ///     so the object list and the table of written scalars are sized once.
  /// - Returns: the bytes of the file.
  /// - Throws: `PlistError` of kind `.limitExceeded` when containers nest deeper than
  ///   `PlistLimits.maxDepth`.
  package static func write(
    _ root: PlistNode, expectedObjects: Int? = nil
  ) throws(PlistError) -> [UInt8] {
    var flattener = BinaryPlistFlattener(expectedObjects: expectedObjects ?? 0)
    _ = try flattener.flatten(root, depth: 0)
    return BinaryPlistFlattener.encode(flattener.objects)
  }
}

/// One object of the output, with its children already turned into object indices.
enum FlatObject {
  case scalar(PlistValue)
  /// A string as UTF-8 bytes that stay valid until the file is encoded (`BinaryEventWriter`).
  case text(UnsafeBufferPointer<UInt8>)
  case array([Int])
  /// Key indices then value indices, in entry order.
  case dictionary(keys: [Int], values: [Int])
}

struct BinaryPlistFlattener {
  var objects: [FlatObject] = []
  /// Scalars written so far, by their number in `written`: each value once with its object.
  ///
  /// Equal scalars share one object. Strings are equal when their UTF-8 bytes are (Swift's
  /// `==` would merge canonically equivalent strings), reals and dates when their bit patterns
  /// are (so signed zeros and NaN payloads stay apart). Found through `HashedIndexTable` on a
  /// hash made once per value: a `Dictionary` hashed each value again through SipHash.
  private var scalars: HashedIndexTable
  private var written: [(value: PlistValue, object: Int)] = []

  /// A flattener sized for about `expectedObjects` objects.
  init(expectedObjects: Int = 0) {
    objects.reserveCapacity(expectedObjects)
    scalars = HashedIndexTable(minimumCapacity: expectedObjects)
    written.reserveCapacity(expectedObjects)
  }

  /// An open container: its object index, its children, the references made so far, and
  /// its own level.
  private struct Frame {
    enum Children {
      case items([PlistNode])
      case entries(keys: [Int], [PlistEntry])
    }
    let index: Int
    let children: Children
    let depth: Int
    var refs: [Int] = []

    var count: Int {
      switch children {
      case .items(let items): items.count
      case .entries(_, let entries): entries.count
      }
    }

    /// The child at `index`: an item, or an entry's value.
    func child(_ index: Int) -> PlistNode {
      switch children {
      case .items(let items): items[index]
      case .entries(_, let entries): entries[index].node
      }
    }
  }

  /// Adds `node` and its descendants; returns the object index of `node`.
  ///
  /// The containers still open are kept on an explicit stack (no recursion), so a tree as deep
  /// as `PlistLimits.maxDepth` needs no stack of its own.
  mutating func flatten(_ node: PlistNode, depth: Int) throws(PlistError) -> Int {
    var stack: [Frame] = []
    var pending: (node: PlistNode, depth: Int)? = (node, depth)
    var finished = -1
    while true {
      if let (node, depth) = pending {
        pending = nil
        switch node.value {
        case .array(let children):
          let depth = try BinaryPlistFlattener.enter(depth)
          let index = objects.count
          objects.append(.array([]))
          var frame = Frame(index: index, children: .items(children), depth: depth)
          frame.refs.reserveCapacity(children.count)
          stack.append(frame)
        case .dictionary(let dictionary):
          let depth = try BinaryPlistFlattener.enter(depth)
          let index = objects.count
          objects.append(.array([]))
          var keys: [Int] = []
          keys.reserveCapacity(dictionary.count)
          for entry in dictionary.entries { keys.append(scalar(.string(entry.key))) }
          var frame = Frame(
            index: index, children: .entries(keys: keys, dictionary.entries), depth: depth)
          frame.refs.reserveCapacity(dictionary.count)
          stack.append(frame)
        default:
          finished = scalar(node.value)
          guard let top = stack.indices.last else { return finished }
          stack[top].refs.append(finished)
        }
      }
      guard let top = stack.indices.last else { return finished }
      // The open frame is read in place: a copy of it would retain its children and
      // references at every step.
      let next = stack[top].refs.count
      if next < stack[top].count {
        pending = (stack[top].child(next), stack[top].depth)
        continue
      }
      let frame = stack.removeLast()
      switch frame.children {
      case .items: objects[frame.index] = .array(frame.refs)
      case .entries(let keys, _): objects[frame.index] = .dictionary(keys: keys, values: frame.refs)
      }
      finished = frame.index
      if let parent = stack.indices.last { stack[parent].refs.append(finished) }
    }
  }

  /// The level inside a container opened at `depth`; throws past `PlistLimits.maxDepth`.
  static func enter(_ depth: Int) throws(PlistError) -> Int {
    guard depth < PlistLimits.maxDepth else {
      throw PlistError(.limitExceeded, PlistLimits.tooDeepToWrite)
    }
    return depth + 1
  }

  /// The object index of the scalar `value`, written once for every equal value.
  mutating func scalar(_ value: PlistValue) -> Int {
    guard let hash = BinaryPlistFlattener.hash(value) else {
      // Not reached: containers go through `flatten`. Written unshared if it ever is.
      objects.append(.scalar(value))
      return objects.count - 1
    }
    // Reads `written` while `scalars` changes: disjoint stored properties of `self`.
    let found = written.withUnsafeBufferPointer { written in
      scalars.find(orInsert: written.count, hash: hash) { w in
        BinaryPlistFlattener.same(written[w].value, value)
      }
    }
    if let found { return written[found].object }
    written.append((value, objects.count))
    objects.append(.scalar(value))
    return objects.count - 1
  }

  /// A scalar's hash: its kind with its bytes (a string's or data's FNV-1a) or its bit
  /// pattern; nil for containers.
  static func hash(_ value: PlistValue) -> UInt64? {
    switch value {
    case .string(let s): 1 << 60 ^ LiteralKey.hash(s)
    case .integer(let i): (i.isNegative ? 2 : 3) << 60 ^ i.magnitude
    case .real(let r): 4 << 60 ^ r.bitPattern
    case .boolean(let b): 5 << 60 ^ (b ? 1 : 0)
    case .date(let d): 6 << 60 ^ d.secondsSinceReferenceDate.bitPattern
    case .data(let d):
      7 << 60 ^ d.withUnsafeBytes { FileFingerprint.hash($0.bindMemory(to: UInt8.self)) }
    case .uid(let u): 8 << 60 ^ u
    case .array, .dictionary: nil
    }
  }

  /// Whether two scalars are written as one object (see `scalars`).
  static func same(_ a: PlistValue, _ b: PlistValue) -> Bool {
    switch (a, b) {
    case (.string(let x), .string(let y)): LiteralKey.same(x, y)
    case (.integer(let x), .integer(let y)): x == y
    case (.real(let x), .real(let y)): x.bitPattern == y.bitPattern
    case (.boolean(let x), .boolean(let y)): x == y
    case (.date(let x), .date(let y)):
      x.secondsSinceReferenceDate.bitPattern == y.secondsSinceReferenceDate.bitPattern
    case (.data(let x), .data(let y)): x == y
    case (.uid(let x), .uid(let y)): x == y
    default: false
    }
  }

  /// The whole file for `objects`, in their order: header, objects, offset table, trailer.
  static func encode(_ objects: [FlatObject]) -> [UInt8] {
    let referenceWidth = BinaryPlistFlattener.width(UInt64(objects.count))
    var out: [UInt8] = []
    out.reserveCapacity(objects.count &* 12 &+ 64)
    out.append(contentsOf: Array("bplist00".utf8))
    var offsets: [Int] = []
    offsets.reserveCapacity(objects.count)
    for object in objects {
      offsets.append(out.count)
      switch object {
      case .scalar(let value):
        BinaryPlistFlattener.write(value, into: &out)
      case .text(let bytes):
        BinaryPlistFlattener.write(utf8: bytes, into: &out)
      case .array(let refs):
        BinaryPlistFlattener.writeHeader(BinaryPlistMarker.array.rawValue, refs.count, into: &out)
        appendBigEndian(refs, width: referenceWidth, to: &out)
      case .dictionary(let keys, let values):
        BinaryPlistFlattener.writeHeader(
          BinaryPlistMarker.dictionary.rawValue, keys.count, into: &out)
        appendBigEndian(keys, width: referenceWidth, to: &out)
        appendBigEndian(values, width: referenceWidth, to: &out)
      }
    }
    let tableOffset = out.count
    let offsetWidth = BinaryPlistFlattener.width(UInt64(tableOffset))
    appendBigEndian(offsets, width: offsetWidth, to: &out)
    out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetWidth), UInt8(referenceWidth)])
    BinaryPlistFlattener.append(UInt64(objects.count), width: 8, to: &out)
    BinaryPlistFlattener.append(0, width: 8, to: &out)
    BinaryPlistFlattener.append(UInt64(tableOffset), width: 8, to: &out)
    return out
  }

  /// CF's `bytesNeeded`: the narrowest of 1, 2, 4 or 8 bytes that holds values below `count`.
  static func width(_ count: UInt64) -> Int {
    if count < 1 << 8 { return 1 }
    if count < 1 << 16 { return 2 }
    if count < 1 << 32 { return 4 }
    return 8
  }

  /// Appends each of `values` as a big-endian unsigned integer of `width` bytes (1, 2, 4 or 8:
  /// references and offsets), all in one growth of `out` rather than a byte at a time.
  static func appendBigEndian(_ values: [Int], width: Int, to out: inout [UInt8]) {
    guard !values.isEmpty else { return }
    let start = out.count
    out.append(contentsOf: repeatElement(0, count: values.count &* width))
    out.withUnsafeMutableBytes { raw in
      var p = start
      switch width {
      case 1:
        for value in values {
          raw[p] = UInt8(truncatingIfNeeded: value)
          p &+= 1
        }
      case 2:
        for value in values {
          raw.storeBytes(
            of: UInt16(truncatingIfNeeded: value).bigEndian, toByteOffset: p, as: UInt16.self)
          p &+= 2
        }
      case 4:
        for value in values {
          raw.storeBytes(
            of: UInt32(truncatingIfNeeded: value).bigEndian, toByteOffset: p, as: UInt32.self)
          p &+= 4
        }
      default:
        for value in values {
          var shift = (width - 1) * 8
          while shift >= 0 {
            raw[p] = UInt8(truncatingIfNeeded: UInt64(value) >> UInt64(shift))
            p &+= 1
            shift -= 8
          }
        }
      }
    }
  }

  static func append(_ value: UInt64, width: Int, to out: inout [UInt8]) {
    var shift = (width - 1) * 8
    while shift >= 0 {
      out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
      shift -= 8
    }
  }

  /// A marker with its count: in the low nibble below 15, else 0xF and an integer object.
  static func writeHeader(_ marker: UInt8, _ count: Int, into out: inout [UInt8]) {
    if count < 15 {
      out.append(marker | UInt8(count))
      return
    }
    out.append(marker | BinaryPlistMarker.extendedCount)
    let width = BinaryPlistFlattener.width(UInt64(count))
    out.append(BinaryPlistMarker.integer.rawValue | UInt8(width.trailingZeroBitCount))
    append(UInt64(count), width: width, to: &out)
  }

  /// A string given as valid UTF-8, written as `write(.string(_:), into:)` writes it: ASCII
  /// when every byte is below 0x80, otherwise UTF-16BE.
  static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    var units = 0
    var ascii = true
    for byte in bytes {
      if byte >= 0x80 { ascii = false }
      // One unit per scalar, two for a scalar beyond the BMP (a 4-byte sequence).
      if byte & 0xC0 != 0x80 { units &+= byte >= 0xF0 ? 2 : 1 }
    }
    if ascii {
      writeHeader(BinaryPlistMarker.asciiString.rawValue, bytes.count, into: &out)
      out.append(contentsOf: bytes)
      return
    }
    writeHeader(BinaryPlistMarker.utf16String.rawValue, units, into: &out)
    out.reserveCapacity(out.count + units * 2)
    _ = transcode(
      bytes.makeIterator(), from: UTF8.self, to: UTF16.self, stoppingOnError: false
    ) { unit in
      out.append(UInt8(truncatingIfNeeded: unit >> 8))
      out.append(UInt8(truncatingIfNeeded: unit))
    }
  }

  static func write(_ value: PlistValue, into out: inout [UInt8]) {
    switch value {
    case .boolean(let b):
      out.append(b ? BinaryPlistMarker.trueByte : BinaryPlistMarker.falseByte)
    case .integer(let i):
      if i.isNegative, let v = i.int64 {
        out.append(0x13)
        append(UInt64(bitPattern: v), width: 8, to: &out)
      } else if i.isBeyondInt64 {
        out.append(0x14)
        append(0, width: 8, to: &out)
        append(i.magnitude, width: 8, to: &out)
      } else {
        let width = BinaryPlistFlattener.width(i.magnitude)
        out.append(0x10 | UInt8(width.trailingZeroBitCount))
        append(i.magnitude, width: width, to: &out)
      }
    case .real(let r):
      out.append(0x23)
      append(r.bitPattern, width: 8, to: &out)
    case .date(let d):
      out.append(0x33)
      append(d.secondsSinceReferenceDate.bitPattern, width: 8, to: &out)
    case .data(let d):
      writeHeader(BinaryPlistMarker.data.rawValue, d.count, into: &out)
      out.append(contentsOf: d)
    case .string(let s):
      if s.utf8.allSatisfy({ $0 < 0x80 }) {
        writeHeader(BinaryPlistMarker.asciiString.rawValue, s.utf8.count, into: &out)
        out.append(contentsOf: s.utf8)
      } else {
        let units = s.utf16.count
        writeHeader(BinaryPlistMarker.utf16String.rawValue, units, into: &out)
        out.reserveCapacity(out.count + units * 2)
        for unit in s.utf16 {
          out.append(UInt8(truncatingIfNeeded: unit >> 8))
          out.append(UInt8(truncatingIfNeeded: unit))
        }
      }
    case .uid(let u):
      let width = BinaryPlistFlattener.width(u)
      out.append(BinaryPlistMarker.uid.rawValue | UInt8(width - 1))
      append(u, width: width, to: &out)
    case .array, .dictionary:
      break  // containers are written by `encode()`
    }
  }
}
