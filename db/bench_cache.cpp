// The report's bench cache: a benchmark run's samples by a key the front end builds from all that
// determines them (tool build, machine, parameters, settings, ranks, program arguments). The
// simulation is deterministic under --compute=none, so an entry never goes stale under its key;
// the cache is only bounded in size, dropping the entries stored longest ago (a replaced entry
// gets a new, larger id).

#include "sqlite_connection.hpp"
#include "write_transaction.hpp"
#include "xo/db/history.hpp"

namespace xo::db {

std::optional<std::string> History::cached_bench(const std::string& key) const {
  Statement query = connection_->prepare("SELECT samples FROM bench_cache WHERE key = ?1");
  query.bind(1, key);
  if (!query.step()) return std::nullopt;
  return query.blob(0);
}

void History::cache_bench(const std::string& key, std::string_view samples, std::int64_t max_bytes) {
  Connection& c = *connection_;
  in_write_transaction(c, "storing bench results in the cache", [&] {
    c.prepare(
         "INSERT OR REPLACE INTO bench_cache (key, stored_at, samples) "
         "VALUES (?1, strftime('%Y-%m-%dT%H:%M:%f', 'now'), ?2)")
        .bind(1, key)
        .bind_blob(2, samples)
        .run();
    c.prepare(
         "DELETE FROM bench_cache WHERE key IN (SELECT key FROM (SELECT key, sum(length(samples)) OVER "
         "(ORDER BY id DESC) AS kept FROM bench_cache) WHERE kept > ?1)")
        .bind(1, max_bytes)
        .run();
  });
}

}  // namespace xo::db
