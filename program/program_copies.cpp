#include "program_copies.hpp"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <utility>

#include "copy_cloning.hpp"
#include "elf_image.hpp"

namespace xo::program {

namespace {

constexpr const char* kRelink =
    "relink it with this xo cc (or xo c++), or run it with --privatize=off to let the ranks share its globals";

std::string errno_text() { return std::strerror(errno); }

std::vector<char> read_file(int fd, const std::string& path) {
  struct stat st {};
  if (fstat(fd, &st) != 0) throw PrivatizationError("cannot read " + path + ": " + errno_text());
  std::vector<char> bytes(static_cast<std::size_t>(st.st_size));
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = pread(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
    if (n <= 0) throw PrivatizationError("cannot read " + path + ": " + (n == 0 ? "short read" : errno_text()));
    done += static_cast<std::size_t>(n);
  }
  return bytes;
}

// The offsets of `names` that the program defines among its dynamic symbols (.dynsym).
std::map<std::string, std::uint64_t> defined_dynamic_symbols(const std::vector<char>& file,
                                                             std::initializer_list<const char*> names) {
  std::map<std::string, std::uint64_t> found;
  const Elf64_Ehdr* header = &elf_header(file);
  if (header->e_shoff == 0 || header->e_shoff + header->e_shnum * sizeof(Elf64_Shdr) > file.size()) return found;
  const auto* sections = reinterpret_cast<const Elf64_Shdr*>(file.data() + header->e_shoff);
  for (int i = 0; i < header->e_shnum; ++i) {
    const Elf64_Shdr& table = sections[i];
    if (table.sh_type != SHT_DYNSYM || table.sh_link >= header->e_shnum) continue;
    const Elf64_Shdr& strings = sections[table.sh_link];
    if (table.sh_offset + table.sh_size > file.size() || strings.sh_offset + strings.sh_size > file.size()) break;
    const auto* symbols = reinterpret_cast<const Elf64_Sym*>(file.data() + table.sh_offset);
    for (std::size_t k = 0; k < table.sh_size / sizeof(Elf64_Sym); ++k) {
      if (symbols[k].st_shndx == SHN_UNDEF || symbols[k].st_name >= strings.sh_size) continue;
      const char* name = file.data() + strings.sh_offset + symbols[k].st_name;
      for (const char* wanted : names) {
        if (std::strcmp(name, wanted) == 0) found[wanted] = symbols[k].st_value;
      }
    }
  }
  return found;
}

// Clears DF_1_PIE in the image's dynamic section; returns whether it was set.
bool clear_pie_flag(std::vector<char>& image) {
  const Elf64_Ehdr* header = &elf_header(image);
  const Elf64_Phdr* ph = program_headers(image);
  for (int i = 0; i < header->e_phnum; ++i) {
    if (ph[i].p_type != PT_DYNAMIC || ph[i].p_offset + ph[i].p_filesz > image.size()) continue;
    auto* d = reinterpret_cast<Elf64_Dyn*>(image.data() + ph[i].p_offset);
    for (std::size_t k = 0; k < ph[i].p_filesz / sizeof(Elf64_Dyn) && d[k].d_tag != DT_NULL; ++k) {
      if (d[k].d_tag == DT_FLAGS_1 && (d[k].d_un.d_val & DF_1_PIE) != 0) {
        d[k].d_un.d_val &= ~static_cast<Elf64_Xword>(DF_1_PIE);
        return true;
      }
    }
  }
  return false;
}

// Why copies of this ELF image cannot serve as ranks and the fix, or "" if they can.
std::string unsuitable(const std::vector<char>& image) {
  if (image.size() < sizeof(Elf64_Ehdr) || std::memcmp(image.data(), ELFMAG, SELFMAG) != 0 ||
      image[EI_CLASS] != ELFCLASS64) {
    return std::string("it is not a 64-bit ELF program; ") + kRelink;
  }
  const Elf64_Ehdr* header = &elf_header(image);
  if (header->e_phoff + header->e_phnum * sizeof(Elf64_Phdr) > image.size()) {
    return std::string("its ELF headers are damaged; ") + kRelink;
  }
  bool interpreter = false, dynamic = false;
  const Elf64_Phdr* ph = program_headers(image);
  for (int i = 0; i < header->e_phnum; ++i) {
    interpreter = interpreter || ph[i].p_type == PT_INTERP;
    dynamic = dynamic || ph[i].p_type == PT_DYNAMIC;
  }
  if (!dynamic || !interpreter) {
    return std::string(
        "it is statically linked (-static), so it cannot be loaded again; link it without -static, "
        "or run it with --privatize=off to let the ranks share its globals");
  }
  if (header->e_type != ET_DYN) {
    return std::string(
               "it was linked as a position-dependent executable (-no-pie), which can be loaded only at one "
               "address; ") +
           kRelink;
  }
  const bool pie = (dynamic_value(image, DT_FLAGS_1) & DF_1_PIE) != 0;  // binds to itself, as -Bsymbolic does
  if (!pie && (dynamic_value(image, DT_FLAGS) & DF_SYMBOLIC) == 0) {
    return std::string("it was not linked with -Bsymbolic, so its copies would use rank 0's globals; ") + kRelink;
  }
  return "";
}

std::size_t count_mappings() {
  const int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  std::size_t lines = 0;
  char buffer[65536];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;)
    lines += static_cast<std::size_t>(std::count(buffer, buffer + n, '\n'));
  close(fd);
  return lines;
}

// A fresh private directory for a copy: tmpfs if there is one, so copies never touch a disk.
std::string make_directory() {
  std::vector<std::string> bases = {"/dev/shm"};
  if (const char* tmp = std::getenv("TMPDIR"); tmp != nullptr && *tmp != '\0') bases.emplace_back(tmp);
  bases.emplace_back("/tmp");
  for (const std::string& base : bases) {
    std::string dir = base + "/xo-XXXXXX";
    if (mkdtemp(dir.data()) != nullptr) return dir;
  }
  throw PrivatizationError("cannot create a directory for the program's copies in /dev/shm, $TMPDIR or /tmp: " +
                           errno_text());
}

void write_all(int fd, const std::vector<char>& bytes, const std::string& path) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw PrivatizationError("cannot write a copy of the program to " + path + ": " + errno_text());
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

ProgramCopies::ProgramCopies() {
  char buffer[4096];
  const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0) throw PrivatizationError("cannot find the program's file (/proc/self/exe): " + errno_text());
  path_.assign(buffer, static_cast<std::size_t>(n));
  program_fd_ = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  if (program_fd_ < 0) throw PrivatizationError("cannot open " + path_ + ": " + errno_text());
  std::vector<char> file = read_file(program_fd_, path_);
  if (const std::string why = unsuitable(file); !why.empty()) {
    close(program_fd_);
    throw PrivatizationError(path_ + " cannot give each rank its own copy of its globals: " + why);
  }
  // The copies must all bind to one reference MPI: the shared runtime, not one linked into the
  // program (from the static libraries), which every copy would bring again.
  if (void* runtime = dlopen("libxo_runtime.so", RTLD_NOW | RTLD_NOLOAD); runtime == nullptr) {
    close(program_fd_);
    throw PrivatizationError(path_ +
                             " cannot give each rank its own copy of its globals: it contains the reference "
                             "MPI itself (linked with the static libraries), which each copy would bring again; " +
                             kRelink);
  } else {
    dlclose(runtime);
  }
  symbols_ = defined_dynamic_symbols(file, {"main", "optind", "opterr", "optopt", "optarg"});
  // A copy needs only what the loader maps: section headers and debug information stay behind.
  const Elf64_Ehdr* header = &elf_header(file);
  std::size_t loadable_end = header->e_phoff + header->e_phnum * sizeof(Elf64_Phdr);
  const Elf64_Phdr* ph = program_headers(file);
  for (int i = 0; i < header->e_phnum; ++i) {
    if (ph[i].p_type == PT_LOAD) loadable_end = std::max<std::size_t>(loadable_end, ph[i].p_offset + ph[i].p_filesz);
    if (ph[i].p_type == PT_TLS) has_thread_locals_ = true;
  }
  image_.assign(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(std::min(loadable_end, file.size())));
  // A PIE (a program linked by another compiler driver with mpicc -showme:link's flags) loads like
  // a shared object once its copy no longer says it is one; glibc refuses to dlopen a PIE only for
  // that flag.
  linked_as_pie_ = clear_pie_flag(image_);
  auto* copy_header = reinterpret_cast<Elf64_Ehdr*>(image_.data());
  if (copy_header->e_shoff >= image_.size()) {
    copy_header->e_shoff = 0;
    copy_header->e_shnum = 0;
    copy_header->e_shstrndx = SHN_UNDEF;
  }
  // XO_PRIVATIZE_LOADER=dlopen loads every copy with glibc's loader, for comparing the two.
  const char* loader = std::getenv("XO_PRIVATIZE_LOADER");
  if (loader != nullptr && std::strcmp(loader, "dlopen") == 0) {
    why_not_cloned_ = "XO_PRIVATIZE_LOADER=dlopen";
  } else if (loader != nullptr && *loader != '\0' && std::strcmp(loader, "clone") != 0) {
    close(program_fd_);
    throw PrivatizationError(std::string("XO_PRIVATIZE_LOADER=") + loader +
                             ": give clone (the default: ranks after the first copy are clones of it) or dlopen");
  } else {
    try {
      cloner_ = std::make_unique<CopyCloner>(image_, program_fd_);
    } catch (const PrivatizationError& e) {
      why_not_cloned_ = e.what();
    }
  }
}

ProgramCopies::~ProgramCopies() {
  if (program_fd_ >= 0) close(program_fd_);
}

std::size_t ProgramCopies::mappings_per_copy() const {
  return std::max(mappings_per_copy_, cloner_ ? cloner_->mappings_per_clone() : 0);
}

ProgramCopies::Copy ProgramCopies::load(int rank, const std::function<void()>& before_constructors) {
  if (cloner_ && cloner_->has_template()) {
    Copy copy;
    copy.main = loaded_main(cloner_->clone(before_constructors), copy.getopt);
    return copy;
  }
  const std::string directory = make_directory();
  const std::string file = directory + "/" + std::to_string(rank);
  const int fd = open(file.c_str(), O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0700);
  if (fd < 0) {
    rmdir(directory.c_str());
    throw PrivatizationError("cannot create " + file + ": " + errno_text());
  }
  void* handle = nullptr;
  try {
    write_all(fd, image_, file);
    const std::size_t mappings_before = mappings_per_copy_ == 0 ? count_mappings() : 0;
    before_constructors();
    handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) throw PrivatizationError(std::string("cannot load a copy of the program: ") + dlerror());
    if (mappings_per_copy_ == 0) mappings_per_copy_ = std::max<std::size_t>(1, count_mappings() - mappings_before);
    share_read_only_segments(handle, fd);
  } catch (...) {
    close(fd);
    unlink(file.c_str());
    rmdir(directory.c_str());
    throw;
  }
  close(fd);
  unlink(file.c_str());
  rmdir(directory.c_str());
  link_map* map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == nullptr || symbols_.count("main") == 0) {
    throw PrivatizationError(path_ +
                             " does not export its main, so a copy cannot be started; link it with "
                             "-Wl,--export-dynamic-symbol=main (mpicc -showme:link gives it), or " +
                             kRelink);
  }
  if (cloner_) cloner_->set_template(map->l_addr);
  Copy copy;
  copy.main = loaded_main(map->l_addr, copy.getopt);
  return copy;
}

// Symbols are found from the program's own table, not with dlsym or dladdr: those search every
// loaded object, which made loading quadratic in the number of copies. A PIE compiled without
// -fPIC has its own copies of libc's getopt variables (copy relocations), which libc's getopt
// does not update: the interposed getopt copies them in and out.
ProgramMain ProgramCopies::loaded_main(std::uintptr_t base, CopiedGetoptVariables& getopt) const {
  const auto at = [&](const char* name) -> void* {
    const auto it = symbols_.find(name);
    return it == symbols_.end() ? nullptr : reinterpret_cast<void*>(base + it->second);
  };
  getopt.optind = static_cast<int*>(at("optind"));
  getopt.opterr = static_cast<int*>(at("opterr"));
  getopt.optopt = static_cast<int*>(at("optopt"));
  getopt.optarg = static_cast<char**>(at("optarg"));
  return reinterpret_cast<ProgramMain>(at("main"));
}

// The copy's code and constants are the program's own bytes (a shared object has no text
// relocations), so they are mapped from the program's file, shared by every rank, and the copy's
// pages that only they used are released.
void ProgramCopies::share_read_only_segments(void* handle, int copy_fd) const {
  link_map* map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == nullptr) return;
  const Elf64_Ehdr* header = &elf_header(image_);
  const Elf64_Phdr* ph = program_headers(image_);
  std::vector<std::pair<std::size_t, std::size_t>> writable;  // file pages writable segments map
  for (int i = 0; i < header->e_phnum; ++i) {
    if (ph[i].p_type == PT_LOAD && (ph[i].p_flags & PF_W) != 0) {
      writable.emplace_back(page_floor(ph[i].p_offset), page_ceil(ph[i].p_offset + ph[i].p_filesz));
    }
  }
  for (int i = 0; i < header->e_phnum; ++i) {
    if (ph[i].p_type != PT_LOAD || (ph[i].p_flags & PF_W) != 0 || ph[i].p_filesz == 0) continue;
    const std::size_t offset = page_floor(ph[i].p_offset);
    const std::size_t length = page_ceil(ph[i].p_offset + ph[i].p_filesz) - offset;
    void* address = reinterpret_cast<void*>(page_floor(map->l_addr + ph[i].p_vaddr));
    const int protection =
        ((ph[i].p_flags & PF_R) != 0 ? PROT_READ : 0) | ((ph[i].p_flags & PF_X) != 0 ? PROT_EXEC : 0);
    if (mmap(address, length, protection, MAP_PRIVATE | MAP_FIXED, program_fd_, static_cast<off_t>(offset)) ==
        MAP_FAILED) {
      continue;  // the copy's own mapping stays: correct, just not shared
    }
    for (std::size_t page = offset; page < offset + length; page += page_size()) {
      const bool used_by_data = std::any_of(writable.begin(), writable.end(),
                                            [&](const auto& w) { return page >= w.first && page < w.second; });
      if (!used_by_data) {
        fallocate(copy_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, static_cast<off_t>(page),
                  static_cast<off_t>(page_size()));
      }
    }
  }
}

}  // namespace xo::program
