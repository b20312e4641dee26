#include "graph/rank_folder.hpp"

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "dump/digest_detection.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/json_file.hpp"

namespace msprobe::graph {

namespace {

// dump.json, one entry at a time, into `folder`'s header and entries.
void read_dump(const std::filesystem::path& path, const RecordRules& rules, RankFolder& folder, Progress* progress) {
    const std::string file = path.string();
    const InputFile input = InputFile::open(path, InputKind::Json);
    folder.header.path = file;
    const auto add_record = [&](std::uint32_t, std::string_view name, dump::JsonView entry) {
        std::string id(name);
        if (!folder.header.has_digests && dump::entry_has_digest(entry)) folder.header.has_digests = true;
        // A parameters_grad entry construct.json does not name becomes a parameter-gradient node.
        const RecordUse use =
            parameters_grad_at(id) && !folder.construct.contains(id) ? RecordUse::ParameterGradient : RecordUse::Node;
        DumpRecord record = make_dump_record(id, entry, file, rules, use);
        if (record.error) {
            folder.entries.append_unreadable(std::move(*record.error));
            return;
        }
        auto node = std::make_unique<GraphNode>();
        node->id = std::move(id);
        node->has_record = true;
        node->inputs = std::move(record.inputs);
        node->outputs = std::move(record.outputs);
        if (!record.batch_p2p.empty()) node->writable_rare().batch_p2p = std::move(record.batch_p2p);
        folder.entries.append(std::move(node));
    };
    dump::DumpStreamReading reading;
    reading.progress = progress;
    auto summary = dump::stream_dump_entries(input, dump::DumpTopLevel::Object, add_record, reading);
    folder.entries.set_names(std::move(summary.entry_names));  // every entry was handed on, in file order
    // Without a 'data' object there were no entries, so no entry's fault could come first.
    if (summary.data != dump::DumpStreamSummary::Data::Object) throw Error(file, "'data' is missing or not an object");
    folder.header.task = summary.top_string("task");
    folder.header.framework = summary.top_string("framework");
    const bool framework_given = summary.top_non_null.count("framework") || summary.top_null.count("framework");
    folder.pytorch_dump = !framework_given || folder.header.framework == "pytorch";
    const auto dir = summary.top_strings.find("dump_data_dir");
    if (dir != summary.top_strings.end()) folder.dump_data_dir = dir->second;
}

}  // namespace

RankFolder read_rank_folder(const std::filesystem::path& dir, const RecordRules& rules, Progress* progress) {
    RankFolder folder;
    folder.dir = dir;
    // construct.json first: which parameters_grad entries it names decides how they are read.
    folder.construct = ConstructTable::read(dump::JsonFile::load(dir / "construct.json"));
    folder.megatron_micro_steps = folder.construct.megatron_micro_steps();
    read_dump(dir / "dump.json", rules, folder, progress);
    folder.stack = std::make_shared<const dump::StackFile>(dump::StackFile::load(dir / "stack.json"));
    return folder;
}

}  // namespace msprobe::graph
