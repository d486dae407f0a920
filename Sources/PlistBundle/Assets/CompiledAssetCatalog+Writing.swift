extension CompiledAssetCatalog {
  /// A minimal `Assets.car` holding this catalog's assets and rendition headers (no pixel
  /// data), in the layout `parse(_:)` reads: the built-in sample bundle, the tests and the
  /// fuzzer's seeds use it, so no real catalog has to be copied anywhere.
  ///
  /// The BOM store gets the blocks `CARHEADER`, `KEYFORMAT` (scale, idiom, identifier,
  /// element, part, dimension 2), `EXTENDED_METADATA`, and one-leaf `FACETKEYS` and
  /// `RENDITIONS` trees. A multi-size rendition keeps its size list. Assets without an
  /// identifier are numbered from 1 in order.
  package func carBytes() -> [UInt8] {
    var blocks: [[UInt8]] = [[]]
    func add(_ bytes: [UInt8]) -> UInt32 {
      blocks.append(bytes)
      return UInt32(blocks.count - 1)
    }
    let format: [RenditionAttribute] = [
      .scale, .idiom, .identifier, .element, .part, .dimension2,
    ]
    var header = Array("RATC".utf8) + le(UInt32(clamping: max(coreUIVersion, 0)))
    header += le(UInt32(clamping: max(storageVersion, 0))) + le(0)
    header += le(UInt32(clamping: renditionCount))
    header +=
      padded(mainVersion, 128) + padded(versionString, 256) + [UInt8](repeating: 0, count: 16)
    header += le(0) + le(2) + le(UInt32(clamping: max(colorSpace, 0))) + le(2)
    var meta = Array("META".utf8) + padded(thinningArguments ?? "", 256)
    meta += padded(deploymentPlatformVersion ?? "", 256) + padded(deploymentPlatform ?? "", 256)
    meta += padded("infoscope", 256)
    let headerBlock = add(header)
    let formatBlock = add(
      Array("tmfk".utf8) + le(0) + le(UInt32(format.count)) + format.flatMap { le($0.rawValue) })
    let metaBlock = add(meta)
    var facets: [(key: [UInt8], value: [UInt8])] = []
    var renditions: [(key: [UInt8], value: [UInt8])] = []
    for (number, asset) in assets.enumerated() {
      let identifier = asset.identifier ?? UInt16(truncatingIfNeeded: number + 1)
      let element = asset.element ?? 85
      let part = asset.part ?? 181
      let attributes: [(UInt16, UInt16)] = [(1, element), (2, part), (17, identifier)]
      facets.append(
        (
          Array(asset.name.utf8),
          le16(0) + le16(0) + le16(UInt16(attributes.count))
            + attributes.flatMap { le16($0.0) + le16($0.1) }
        ))
      for (index, rendition) in asset.renditions.enumerated() {
        let key = [
          UInt16(clamping: rendition.scale), rendition.idiom.rawValue, identifier, element,
          part, UInt16(truncatingIfNeeded: index),
        ]
        renditions.append((key.flatMap(le16), csi(rendition)))
      }
    }
    func tree(_ entries: [(key: [UInt8], value: [UInt8])]) -> UInt32 {
      var paths = be16(1) + be16(UInt16(clamping: entries.count)) + be(0) + be(0)
      for entry in entries.prefix(Int(UInt16.max)) {
        let value = add(entry.value)
        let key = add(entry.key)
        paths += be(value) + be(key)
      }
      let pathsBlock = add(paths)
      return add(
        Array("tree".utf8) + be(1) + be(pathsBlock) + be(4096) + be(UInt32(entries.count)) + [0])
    }
    let facetTree = tree(facets)
    let renditionTree = tree(renditions)
    let variables: [(String, UInt32)] = [
      ("CARHEADER", headerBlock), ("RENDITIONS", renditionTree), ("FACETKEYS", facetTree),
      ("KEYFORMAT", formatBlock), ("EXTENDED_METADATA", metaBlock),
    ]
    var body: [UInt8] = []
    var table: [(UInt32, UInt32)] = [(0, 0)]
    for block in blocks.dropFirst() {
      table.append((UInt32(512 + body.count), UInt32(block.count)))
      body += block
    }
    var vars = be(UInt32(variables.count))
    for (name, block) in variables {
      vars += be(block) + [UInt8(name.utf8.count)] + Array(name.utf8)
    }
    let varsOffset = 512 + body.count
    let index = be(UInt32(table.count)) + table.flatMap { be($0.0) + be($0.1) }
    let indexOffset = varsOffset + vars.count
    var file = Array("BOMStore".utf8) + be(1) + be(UInt32(blocks.count - 1))
    file += be(UInt32(indexOffset)) + be(UInt32(index.count))
    file += be(UInt32(varsOffset)) + be(UInt32(vars.count))
    file += [UInt8](repeating: 0, count: 512 - file.count)
    return file + body + vars + index
  }

  /// A CSI header for `rendition`, followed by its multi-size list when it has one.
  private func csi(_ rendition: CSIRendition) -> [UInt8] {
    var sism: [UInt8] = []
    if !rendition.sizes.isEmpty {
      sism = Array("SISM".utf8) + le(1) + le(UInt32(clamping: rendition.sizes.count))
      for size in rendition.sizes {
        sism += le(UInt32(clamping: size.width)) + le(UInt32(clamping: size.height))
        sism += le16(UInt16(clamping: size.index)) + le16(0)
      }
    }
    var bytes = Array("ISTC".utf8) + le(1) + le(rendition.isOpaque ? 0x8 : 0)
    bytes += le(UInt32(clamping: rendition.width)) + le(UInt32(clamping: rendition.height))
    bytes += le(UInt32(clamping: rendition.scale * 100))
    let format = Array((rendition.pixelFormat + "    ").utf8.prefix(4))
    bytes += rendition.pixelFormat.isEmpty ? [0, 0, 0, 0] : format.reversed()
    bytes += le(UInt32(clamping: rendition.colorSpace))
    bytes += le(0) + le16(UInt16(clamping: rendition.layout)) + le16(0)
    bytes += padded(rendition.name, 128)
    bytes += le(0) + le(1) + le(0) + le(UInt32(sism.count))
    return bytes + sism
  }

  private func padded(_ text: String, _ length: Int) -> [UInt8] {
    let bytes = Array(text.utf8.prefix(length - 1))
    return bytes + [UInt8](repeating: 0, count: length - bytes.count)
  }
}

private func le(_ value: UInt32) -> [UInt8] {
  [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
}

private func le16(_ value: UInt16) -> [UInt8] {
  [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
}

private func be(_ value: UInt32) -> [UInt8] {
  [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
}

private func be16(_ value: UInt16) -> [UInt8] {
  [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
}
