/// A BOM store ("bill of materials"): the container format of compiled asset catalogs
/// (`Assets.car`) and of installer receipts, read bounds-checked from memory.
///
/// Layout (every integer big-endian; Apple does not document the format, this follows the
/// public notes of the open-source readers: bomutils, Timac's CARParser, stuckliste):
/// - a 512-byte header: the magic `BOMStore`, a version (1), the number of non-null blocks,
///   then the offset and length of the block index and of the variables;
/// - the block index: a count, then one `(offset, length)` pair a block; block 0 is null;
/// - the variables: a count, then `(block index, name length, name)` entries naming blocks
///   (`CARHEADER`, `RENDITIONS`, `FACETKEYS`, …);
/// - B-trees (`tree` blocks) whose nodes are "paths" blocks: a leaf flag, an entry count, the
///   next and previous leaf, then `(value block, key block)` pairs.
///
/// Errors are `BundleError` of kind `.malformed` or `.limitExceeded` naming the absolute
/// offset in the file; nothing traps on hostile input: every offset and count is checked,
/// counts are capped and a tree whose nodes form a cycle is refused.
struct BOMStore: Sendable {
  /// The most blocks the index may list (real catalogs hold a few thousand).
  static let maxBlocks = 1 << 20
  /// The most named variables (real catalogs hold about ten).
  static let maxVariables = 4096
  /// The most entries read from one tree.
  static let maxTreeEntries = 1 << 18
  /// The deepest a tree may be (a B-tree of 2^18 entries is a few levels deep).
  static let maxTreeDepth = 32

  /// The whole file, big-endian.
  let file: ByteWindow
  /// `(offset, length)` of each block, by index.
  let blocks: [(offset: Int, length: Int)]
  /// Block index of each variable, by name, in file order.
  let variables: [(name: String, block: Int)]

  /// Reads the header, the block index and the variables of `bytes`.
  ///
  /// - Throws: `BundleError` when the magic is wrong, a table runs past the end of the file,
  ///   or a count passes its limit.
  init(_ bytes: [UInt8]) throws(BundleError) {
    let file = ByteWindow(bytes, bigEndian: true)
    try file.require(0, 32, "the file is too short for a BOM store header (32 bytes)")
    guard Array(try file.slice(0, 8)) == Array("BOMStore".utf8) else {
      throw .malformed("expected the BOM store magic \"BOMStore\"", at: 0)
    }
    let version = try file.u32(8)
    guard version == 1 else {
      throw .malformed("unknown BOM store version \(version) (expected 1)", at: 8)
    }
    let indexOffset = Int(try file.u32(16))
    let indexLength = Int(try file.u32(20))
    let varsOffset = Int(try file.u32(24))
    let varsLength = Int(try file.u32(28))
    let index = try file.window(
      indexOffset, indexLength, "the BOM block index runs past the end of the file")
    let count = Int(try index.u32(0))
    guard count <= Self.maxBlocks else {
      throw .limit(
        "the BOM block index lists \(count) blocks, more than the \(Self.maxBlocks) infoscope "
          + "reads (BOMStore.maxBlocks)", at: index.absolute(0))
    }
    try index.require(4, count * 8, "the BOM block index holds fewer entries than its count")
    var blocks: [(offset: Int, length: Int)] = []
    blocks.reserveCapacity(count)
    for i in 0..<count {
      blocks.append((Int(try index.u32(4 + i * 8)), Int(try index.u32(8 + i * 8))))
    }
    let vars = try file.window(
      varsOffset, varsLength, "the BOM variables run past the end of the file")
    let varCount = Int(try vars.u32(0))
    guard varCount <= Self.maxVariables else {
      throw .limit(
        "the BOM store names \(varCount) variables, more than the \(Self.maxVariables) "
          + "infoscope reads (BOMStore.maxVariables)", at: vars.absolute(0))
    }
    var variables: [(name: String, block: Int)] = []
    var cursor = 4
    for _ in 0..<varCount {
      let block = Int(try vars.u32(cursor))
      let length = Int(try vars.u8(cursor + 4))
      let name = String(decoding: try vars.slice(cursor + 5, length), as: UTF8.self)
      variables.append((name, block))
      cursor += 5 + length
    }
    self.file = file
    self.blocks = blocks
    self.variables = variables
  }

  /// The block a variable names, or nil when there is no such variable.
  func variable(_ name: String) -> Int? {
    variables.first { $0.name == name }?.block
  }

  /// The bytes of block `index`, in `bigEndian` byte order.
  ///
  /// - Throws: `BundleError` when the index is out of the table or the block runs past the
  ///   end of the file; `what` names the block in the message.
  func block(
    _ index: Int, bigEndian: Bool = true, _ what: String, at reference: Int = 0
  ) throws(BundleError) -> ByteWindow {
    guard index > 0, index < blocks.count else {
      throw .malformed(
        "\(what) names BOM block \(index), but the block index holds \(blocks.count)",
        at: reference)
    }
    let (offset, length) = blocks[index]
    return try file.window(
      offset, length, bigEndian: bigEndian,
      "\(what) (BOM block \(index)) runs past the end of "
        + "the file")
  }

  /// The block named by variable `name`.
  ///
  /// - Throws: `BundleError` when there is no such variable or its block does not fit.
  func namedBlock(_ name: String, bigEndian: Bool = true) throws(BundleError) -> ByteWindow {
    guard let index = variable(name) else {
      throw .malformed("the BOM store has no \(name) block", at: 0)
    }
    return try block(index, bigEndian: bigEndian, "the \(name) block", at: 24)
  }

  /// The entries of the tree named `name`, in key order: each key and value block, both in
  /// `bigEndian` byte order (the CAR blocks inside are little-endian).
  ///
  /// - Throws: `BundleError` when the tree header is wrong, a node runs past its block, the
  ///   tree is deeper than `maxTreeDepth`, its nodes form a cycle, or it holds more than
  ///   `maxTreeEntries` entries.
  func tree(
    _ name: String, bigEndian: Bool = false
  ) throws(BundleError) -> [(
    key: ByteWindow, value: ByteWindow
  )] {
    let header = try namedBlock(name)
    try header.require(0, 21, "the \(name) tree header is shorter than 21 bytes")
    guard Array(try header.slice(0, 4)) == Array("tree".utf8) else {
      throw .malformed("expected the \(name) block to start with \"tree\"", at: header.start)
    }
    var node = try paths(Int(try header.u32(8)), of: name, at: header.absolute(8))
    var visited: Set<Int> = [node.index]
    var depth = 0
    while !node.isLeaf {
      depth += 1
      guard depth <= Self.maxTreeDepth else {
        throw .limit(
          "the \(name) tree is deeper than \(Self.maxTreeDepth) levels (BOMStore.maxTreeDepth)",
          at: node.window.start)
      }
      guard let first = node.entries.first else {
        throw .malformed("a branch of the \(name) tree has no children", at: node.window.start)
      }
      node = try paths(first.value, of: name, at: first.offset)
      guard visited.insert(node.index).inserted else {
        throw .malformed("the \(name) tree's nodes form a cycle", at: node.window.start)
      }
    }
    var entries: [(key: ByteWindow, value: ByteWindow)] = []
    while true {
      guard entries.count + node.entries.count <= Self.maxTreeEntries else {
        throw .limit(
          "the \(name) tree holds more than \(Self.maxTreeEntries) entries "
            + "(BOMStore.maxTreeEntries)", at: node.window.start)
      }
      for entry in node.entries {
        entries.append(
          (
            try block(
              entry.key, bigEndian: bigEndian, "a key of the \(name) tree", at: entry.offset + 4),
            try block(
              entry.value, bigEndian: bigEndian, "a value of the \(name) tree", at: entry.offset)
          ))
      }
      guard node.forward != 0 else { break }
      node = try paths(node.forward, of: name, at: node.window.absolute(4))
      guard visited.insert(node.index).inserted else {
        throw .malformed("the \(name) tree's leaves form a cycle", at: node.window.start)
      }
    }
    return entries
  }

  /// One node of a tree.
  private struct Paths {
    var index: Int
    var window: ByteWindow
    var isLeaf: Bool
    var forward: Int
    /// Each entry's value and key block, and the absolute offset of the entry.
    var entries: [(value: Int, key: Int, offset: Int)]
  }

  private func paths(
    _ index: Int, of name: String, at reference: Int
  ) throws(BundleError)
    -> Paths
  {
    let window = try block(index, "a node of the \(name) tree", at: reference)
    try window.require(0, 12, "a node of the \(name) tree is shorter than 12 bytes")
    let flag = UInt16(try window.u8(0)) << 8 | UInt16(try window.u8(1))
    let count = Int(try window.u8(2)) << 8 | Int(try window.u8(3))
    try window.require(
      12, count * 8, "a node of the \(name) tree holds fewer entries than its count (\(count))")
    var entries: [(value: Int, key: Int, offset: Int)] = []
    entries.reserveCapacity(count)
    for i in 0..<count {
      entries.append(
        (
          Int(try window.u32(12 + i * 8)), Int(try window.u32(16 + i * 8)),
          window.absolute(12 + i * 8)
        ))
    }
    return Paths(
      index: index, window: window, isLeaf: flag != 0, forward: Int(try window.u32(4)),
      entries: entries)
  }
}
