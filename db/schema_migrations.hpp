#pragma once
// The history's schema as an ordered list of migrations. Step i (from 1) brings a database from
// user_version i-1 to i; each is applied in one transaction together with the bump of
// user_version, so a database is always at exactly one version. Add a step to change the schema;
// never edit a released one.

#include <span>
#include <string_view>

#include "sqlite_connection.hpp"

namespace xo::db {

// The SQL of each step, in order.
std::span<const std::string_view> history_migrations();

// PRAGMA user_version: the number of steps applied.
int schema_version(Connection& connection);

// Applies the steps the database lacks; returns how many it applied. When there are any, takes the
// write lock and reads the version again under it, so two processes opening a new database apply
// each step once.
// Throws HistoryError if the database is at a version beyond `steps` (a newer xo's).
int apply_migrations(Connection& connection, std::span<const std::string_view> steps);

// The refusal of a database written by a newer xo: schema `found`, this xo knows `known`.
[[noreturn]] void refuse_newer_schema(const std::string& path, int found, int known);

}  // namespace xo::db
