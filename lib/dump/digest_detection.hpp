#pragma once
// msprobe's test for a statistics dump made with summary_mode md5: whether an
// entry holds a digest where msprobe looks for one.
#include "dump/json_view.hpp"

namespace msprobe::dump {

// One level into each of the entry's sections (dump.json).
bool entry_has_digest(JsonView entry);

// At every depth (debug.json).
bool has_digest_anywhere(JsonView value);

}  // namespace msprobe::dump
