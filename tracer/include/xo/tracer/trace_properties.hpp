#pragma once
// The run's description as OTF2 archive properties: their names, for the writer and for readers
// such as the analyzer.
//
// OTF2 property names are "NAMESPACE::NAME" components of [A-Za-z0-9_], compared and stored
// upper-cased (OTF2_Archive_SetProperty; otf2_archive_set_property in OTF2's otf2_archive_int.c).
// Machine parameters and environment variables get one property each, named
// "CROSSOVER::PARAM::<name>" and "CROSSOVER::ENV::<name>". Since OTF2 drops case, and machines
// have parameters "g" and "G", a name is encoded so that it survives:
//   - parameters are lower case by nature and variables upper case: a letter of that case, a digit
//     and an underscore are written as themselves (OTF2 shows every letter upper-cased);
//   - a letter of the other case is "__" and the letter:  parameter "G" -> "CROSSOVER::PARAM::__G",
//     "copy_G" -> "COPY___G", variable "MPICH_MAX_SHORT_MSG_SIZE" is itself;
//   - any other byte is "__" and its value in three decimal digits: "a.b" -> "A__046B";
//   - an underscore followed by another underscore is "__095", so that "__" always starts an
//     escape unless a third underscore follows it (then the first one is itself).
// Property values are the settings as a user writes them. OTF2 takes an empty value to mean
// "remove the property", so settings with an empty value are left out.

#include <optional>
#include <string>
#include <string_view>

namespace xo::tracer {

inline constexpr const char* kPropertyMachine = "CROSSOVER::MACHINE";
inline constexpr const char* kPropertyMachineDescription = "CROSSOVER::MACHINE_DESCRIPTION";
inline constexpr const char* kPropertyRanks = "CROSSOVER::RANKS";
inline constexpr const char* kPropertyRanksPerNode = "CROSSOVER::RANKS_PER_NODE";
inline constexpr const char* kPropertyComputeMode = "CROSSOVER::COMPUTE_MODE";
// The program and its arguments, each quoted as a POSIX shell needs it, joined by spaces.
inline constexpr const char* kPropertyProgramArgs = "CROSSOVER::PROGRAM_ARGS";
inline constexpr const char* kPropertyCommandLine = "CROSSOVER::COMMAND_LINE";
inline constexpr const char* kPropertyCreator = "CROSSOVER::CREATOR";
inline constexpr const char* kPropertyExitCode = "CROSSOVER::EXIT_CODE";
// A failed run: "true" if it stopped before every rank's program ended (a fault, MPI_Abort, a
// deadlock, an interrupt), and the message xo printed.
inline constexpr const char* kPropertyCutShort = "CROSSOVER::CUT_SHORT";
inline constexpr const char* kPropertyFailure = "CROSSOVER::FAILURE";
// A fault in a rank's code: the rank, the signal ("SIGSEGV", or "stack overflow"), where it was
// ("inside MPI_Send") and its virtual time in picoseconds.
inline constexpr const char* kPropertyFaultRank = "CROSSOVER::FAULT::RANK";
inline constexpr const char* kPropertyFaultSignal = "CROSSOVER::FAULT::SIGNAL";
inline constexpr const char* kPropertyFaultPlace = "CROSSOVER::FAULT::PLACE";
inline constexpr const char* kPropertyFaultTime = "CROSSOVER::FAULT::TIME_PS";

// Present in every archive whose files Crossover's writer sealed: each event file's digest is a
// location property (file_digest.hpp) and the trace identifier covers the anchor and global
// definitions (trace_identity.hpp). Its value names the digest ("xo-digest-1"). A reader that finds
// it, or finds digests, checks them all: a single damaged byte cannot hide both marks.
inline constexpr const char* kPropertyFileDigests = "CROSSOVER::FILE_DIGESTS";
inline constexpr const char* kFileDigestsVersion = "xo-digest-1";

enum class SettingKind { Parameter, Environment };

// "CROSSOVER::PARAM::O_S" for parameter "o_s".
std::string setting_property_name(SettingKind kind, std::string_view name);

// The setting a property name (as OTF2 returns it, upper-cased) stands for, or nothing if it names
// no setting of that kind or is not a valid encoding.
std::optional<std::string> setting_name_of_property(SettingKind kind, std::string_view property);

}  // namespace xo::tracer
