#pragma once
// OTF2 stamps every archive with a trace identifier drawn from the clock, the host id, the host
// name and the process id (otf2_anchor_file_timestamp, _hostid and _sysinfo in OTF2's
// OTF2_AnchorFile.c), and OTF2 3.0 has no call to set it. So that the same run gives the same
// bytes, the identifier is replaced, once the archive is closed, by a hash of the anchor and
// global definition files (xo/tracer/trace_identity.hpp): it still tells different traces apart, and the same trace
// gets the same one. The anchor holds it as 8 bytes in the machine's byte order (OTF2_AnchorFile_Load reads it with
// OTF2_Buffer_ReadUint64Full); should a future OTF2 store it otherwise, it is left as is.

#include <string>

#include "otf2_status.hpp"

namespace xo::tracer {

// `archive_dir` holds a closed archive named "traces".
void make_trace_id_reproducible(const std::string& archive_dir, const Otf2Status& status);

}  // namespace xo::tracer
