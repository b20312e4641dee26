#pragma once
// msprobe takes a construct.json name that none of its patterns know for a
// module and says so: a warning before August, a debug line since (August's
// module pattern also knows DefaultModel, the root's name, which a
// construct.json may name as a parent).
#include <string>
#include <string_view>
#include <unordered_set>

namespace msprobe::graph {

class UnknownNodeNames {
public:
    explicit UnknownNodeNames(bool august) : august_(august) {}
    // Logs an unknown name once per graph (msprobe repeats it at every lookup).
    void note(std::string_view id);

private:
    bool august_;
    std::unordered_set<std::string> reported_;
};

}  // namespace msprobe::graph
