// fuzz-modules: PlistCore PlistBundle
// fuzz-seeds:
// fuzz-builtin: imports
import PlistBundle

/// The imports reader: `LC_SYMTAB`, `LC_DYLD_CHAINED_FIXUPS` and the bind, weak-bind and
/// lazy-bind opcodes of `LC_DYLD_INFO_ONLY`, wrapped in a valid header so every input reaches
/// them.
///
/// Input: one flags byte (1 = `LC_SYMTAB`, 2 = `LC_DYLD_INFO_ONLY`, 4 =
/// `LC_DYLD_CHAINED_FIXUPS`, 8 = a 32-bit slice), then 16 little-endian 32-bit fields (`symoff
/// nsyms stroff strsize`, the ten of `dyld_info_command`, `dataoff datasize`; the offsets count
/// from the payload), then the payload. A broken import table must never make the slice
/// unreadable, so `MachOFile.parse` throwing is a failure, as is an empty name or a name
/// without its source.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  let flags = input.first ?? 0
  var fields = [UInt32](repeating: 0, count: 16)
  for index in 0..<16 {
    for byte in 0..<4 where 1 + index * 4 + byte < input.count {
      fields[index] |= UInt32(input[1 + index * 4 + byte]) << (8 * byte)
    }
  }
  let payload = input.count > 65 ? Array(input[65...]) : []
  let is64 = flags & 8 == 0
  var commands: [(cmd: UInt32, fields: ArraySlice<UInt32>, relative: Set<Int>)] = []
  if flags & 1 != 0 { commands.append((0x2, fields[0..<4], [0, 2])) }
  if flags & 2 != 0 { commands.append((0x8000_0022, fields[4..<14], [0, 2, 4, 6, 8])) }
  if flags & 4 != 0 { commands.append((0x8000_0034, fields[14..<16], [0])) }
  let headerSize = is64 ? 32 : 28
  let commandsSize = commands.reduce(0) { $0 + 8 + 4 * $1.fields.count }
  let payloadStart = UInt32(headerSize + commandsSize)
  var bytes: [UInt8] = []
  func u32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }
  u32(is64 ? 0xfeed_facf : 0xfeed_face)
  u32(is64 ? 0x0100_000c : 12)
  u32(0)
  u32(2)
  u32(UInt32(commands.count))
  u32(UInt32(commandsSize))
  u32(0)
  if is64 { u32(0) }
  for command in commands {
    u32(command.cmd)
    u32(UInt32(8 + 4 * command.fields.count))
    for (index, value) in command.fields.enumerated() {
      u32(command.relative.contains(index) ? value &+ payloadStart : value)
    }
  }
  bytes += payload
  let file: MachOFile
  do {
    file = try MachOFile.parse(bytes)
  } catch {
    fatalError("an import table made the slice unreadable: \(error)")
  }
  for slice in file.slices {
    for name in slice.importedSymbols {
      precondition(!name.isEmpty && slice.imports.sources[name] != nil, "a name without source")
    }
  }
  return 0
}
