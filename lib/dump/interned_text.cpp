#include "dump/interned_text.hpp"

#include <mutex>
#include <unordered_map>
#include <unordered_set>

namespace msprobe::dump {

namespace {

// Every text interned so far; never shrinks (a dump's dtypes and shapes are a few hundred texts).
struct Pool {
    std::mutex mutex;
    std::unordered_set<std::string> texts;
};

Pool& pool() {
    static Pool* const instance = new Pool;  // outlives every thread's cache
    return *instance;
}

const std::string* intern(std::string_view text) {
    // Each thread looks up its own copy of the pool's index first: no lock once a text has been seen.
    thread_local std::unordered_map<std::string_view, const std::string*> seen;
    if (const auto it = seen.find(text); it != seen.end()) return it->second;
    Pool& p = pool();
    const std::string* stored;
    {
        const std::lock_guard lock(p.mutex);
        stored = &*p.texts.emplace(text).first;
    }
    seen.emplace(*stored, stored);
    return stored;
}

}  // namespace

InternedText::InternedText() : text_(intern("")) {}
InternedText::InternedText(std::string_view text) : text_(intern(text)) {}

}  // namespace msprobe::dump
