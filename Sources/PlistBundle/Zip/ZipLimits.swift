/// The safety limits applied while a ZIP archive (an `.ipa`) is listed and read.
///
/// Archives come from anywhere, so every size they declare is checked before bytes are
/// produced, and the bytes actually produced are counted too, because declared sizes can lie.
/// `ZipLimits.standard` holds the defaults; tests pass smaller values.
package struct ZipLimits: Sendable, Hashable {
  /// The default most bytes one entry may decompress to: 512 MiB.
  ///
  /// Far above any property list, provisioning profile or executable slice infoscope reads,
  /// yet small enough that a single entry cannot exhaust memory.
  package static let defaultMaxEntrySize = 512 << 20
  /// The default most bytes all reads of one archive may decompress to together: 2 GiB.
  package static let defaultMaxTotalSize = 2 << 30
  /// The default highest declared compression ratio (uncompressed : compressed) accepted for a
  /// large entry: 1000, just under deflate's ceiling of about 1032.
  ///
  /// Real files (even sparse ones) stay far below it; a higher ratio is a ZIP bomb.
  package static let defaultMaxCompressionRatio = 1000
  /// The default size in bytes from which the compression ratio is checked: 1 MiB.
  ///
  /// Small entries of repeated bytes (empty `PkgInfo`, padding) may compress very well and
  /// cannot do harm, so the ratio is only checked above it.
  package static let defaultRatioCheckThreshold = 1 << 20
  /// The default most entries an archive may hold: 200,000.
  ///
  /// Large apps hold tens of thousands of files; each entry costs memory when listed.
  package static let defaultMaxEntryCount = 200_000

  /// The defaults above.
  package static let standard = ZipLimits()

  /// The most bytes one entry may decompress to.
  package var maxEntrySize: Int
  /// The most bytes all reads from one archive may decompress to together.
  package var maxTotalSize: Int
  /// The highest declared uncompressed : compressed ratio accepted for entries larger than
  /// `ratioCheckThreshold`.
  package var maxCompressionRatio: Int
  /// The uncompressed size in bytes above which `maxCompressionRatio` applies.
  package var ratioCheckThreshold: Int
  /// The most entries an archive may hold.
  package var maxEntryCount: Int

  /// Creates limits, each defaulting to its `default…` constant.
  package init(
    maxEntrySize: Int = defaultMaxEntrySize, maxTotalSize: Int = defaultMaxTotalSize,
    maxCompressionRatio: Int = defaultMaxCompressionRatio,
    ratioCheckThreshold: Int = defaultRatioCheckThreshold,
    maxEntryCount: Int = defaultMaxEntryCount
  ) {
    self.maxEntrySize = maxEntrySize
    self.maxTotalSize = maxTotalSize
    self.maxCompressionRatio = maxCompressionRatio
    self.ratioCheckThreshold = ratioCheckThreshold
    self.maxEntryCount = maxEntryCount
  }
}
