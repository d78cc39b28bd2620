#pragma once
// A rank's MPI_Info objects: ordered (key, value) string pairs. Keys keep the order they were
// first set in, which is the order MPI_Info_get_nthkey numbers them.

#include <mpi.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace xo::mpi {

class Info {
 public:
  void set(const std::string& key, std::string value);
  const std::string* find(const std::string& key) const;
  bool erase(const std::string& key);
  int size() const { return static_cast<int>(entries_.size()); }
  const std::string& key(int n) const { return entries_[static_cast<std::size_t>(n)].first; }

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
};

// MPI_INFO_ENV's "command" and "argv" keys from a command line (the program first).
void set_command_line(Info& info, const std::vector<std::string>& args);

class InfoTable {
 public:
  // MPI_INFO_ENV: the run's, one object shared by every rank's table.
  void set_environment(std::shared_ptr<const Info> environment) { environment_ = std::move(environment); }
  MPI_Info add(Info info);
  // Throws MpiError(MPI_ERR_INFO) for MPI_INFO_ENV, which the program may read but not change.
  Info& get_writable(MPI_Info handle);
  // Throws MpiError(MPI_ERR_INFO) for MPI_INFO_NULL, unknown or freed handles.
  const Info& get(MPI_Info handle) const;
  // Accepts MPI_INFO_NULL too, as calls that take hints do.
  void check_or_null(MPI_Info handle);
  void free(MPI_Info& handle);

 private:
  Info* slot(MPI_Info handle) const;  // the program's own object, or nullptr
  [[noreturn]] static void refuse(MPI_Info handle);
  std::vector<std::unique_ptr<Info>> slots_;  // index = handle - 2 (1 is MPI_INFO_ENV)
  std::shared_ptr<const Info> environment_;
};

}  // namespace xo::mpi
