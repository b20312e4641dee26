#include "graph/rank_folder.hpp"

#include <rapidjson/document.h>

#include "common/error.hpp"

namespace msprobe::graph {

RankFolder read_rank_folder(const std::filesystem::path& dir) {
    auto dump = std::make_shared<const dump::JsonFile>(dump::JsonFile::load(dir / "dump.json"));
    const auto& root = dump->document();
    if (!root.IsObject()) throw Error(dump->path(), "dump.json is not a JSON object");
    const auto data = root.FindMember("data");
    if (data == root.MemberEnd() || !data->value.IsObject()) throw Error(dump->path(), "'data' is missing or not an object");
    const dump::JsonFile construct = dump::JsonFile::load(dir / "construct.json");
    RankFolder folder{dir, std::move(dump), ConstructTable::read(construct),
                      std::make_shared<const dump::StackFile>(dump::StackFile::load(dir / "stack.json"))};
    return folder;
}

}  // namespace msprobe::graph
