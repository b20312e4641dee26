#include "parse/kernel_dump_convert.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <system_error>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/progress.hpp"
#include "common/thread_pool.hpp"
#include "parse/long_file_names.hpp"
#include "report/output_file.hpp"
#include "tensor/ascend_format.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/bin_tensor_layout.hpp"
#include "tensor/layout_conversion.hpp"
#include "tensor/npy_writer.hpp"
#include "tensor/op_debug_file.hpp"
#include "tensor/pt_writer.hpp"

namespace msprobe::parse {

namespace fs = std::filesystem;
using tensor::AscendFormat;
using tensor::BinDump;
using tensor::BinTensor;
using tensor::BinTensorHeader;
using tensor::TensorView;

namespace {

constexpr const char* kInputMapping = "mapping.csv";

// A dump as read.
struct ReadDump {
    BinDump dump;
    std::optional<tensor::OpDebugRecord> op_debug;  // set for an op-debug file
};

// What converting one file produced.
struct FileOutcome {
    std::size_t tensors = 0;
    std::size_t other_files = 0;
    std::vector<std::string> warnings;
};

// The inputs in parallel, each read, converted and dropped by one task: at
// most one decoded file per pool thread is held, whatever their number. The
// first failure in file order wins whichever thread met it; files after a
// failed one are not started.
class FileStream {
public:
    explicit FileStream(std::size_t count) : outcomes_(count), failures_(count), first_failed_(count) {}

    void run(ThreadPool& pool, const std::function<FileOutcome(std::size_t)>& body) {
        pool.parallel_for(static_cast<std::int64_t>(outcomes_.size()), [&](std::int64_t i) {
            const auto index = static_cast<std::size_t>(i);
            if (index > first_failed_.load()) return;
            const Held held(*this);
            try {
                outcomes_[index] = body(index);
            } catch (...) {
                failures_[index] = std::current_exception();
                for (auto seen = first_failed_.load();
                     index < seen && !first_failed_.compare_exchange_weak(seen, index);) {}
            }
        });
        for (const auto& failure : failures_) {
            if (failure) std::rethrow_exception(failure);
        }
    }

    std::vector<FileOutcome>& outcomes() { return outcomes_; }
    std::size_t most_held() const { return most_held_.load(); }

private:
    // Counts the files in hand while a task runs.
    class Held {
    public:
        explicit Held(FileStream& stream) : stream_(stream) {
            const auto now = ++stream_.held_;
            for (auto most = stream_.most_held_.load();
                 now > most && !stream_.most_held_.compare_exchange_weak(most, now);) {}
        }
        ~Held() { --stream_.held_; }
        Held(const Held&) = delete;
        Held& operator=(const Held&) = delete;

    private:
        FileStream& stream_;
    };

    std::vector<FileOutcome> outcomes_;
    std::vector<std::exception_ptr> failures_;
    std::atomic<std::size_t> first_failed_;
    std::atomic<std::size_t> held_{0};
    std::atomic<std::size_t> most_held_{0};
};

ReadDump read_dump(const fs::path& file, tensor::DumpNameResolver& names) {
    // Older runtimes' whole-file messages are read too: a converter takes whatever it is given.
    ReadDump read{tensor::read_bin_dump(file, {.legacy_layout = true, .names = &names}), std::nullopt};
    if (read.dump.parsed_name && read.dump.parsed_name->is_op_debug()) {
        read.op_debug = tensor::read_op_debug_record(read.dump);
    }
    return read;
}

std::string dims_text(const std::vector<std::int64_t>& shape) {
    std::string text;
    for (std::size_t i = 0; i < shape.size(); ++i) text += fmt::format("{}{}", i ? "x" : "", shape[i]);
    return text;
}

std::string_view extension(TensorFileType type) { return type == TensorFileType::Npy ? "npy" : "pt"; }

class Converter {
public:
    Converter(const KernelDumpConvertOptions& options, ThreadPool& pool, report::StagedFiles& staged)
        : options_(options), pool_(pool), staged_(staged) {
        if (options.target_format) target_ = tensor::parse_format(*options.target_format, "-f");
    }

    FileOutcome convert(const fs::path& file, const ReadDump& read) {
        FileOutcome outcome;
        for (const auto& warning : read.dump.warnings) outcome.warnings.push_back(read.dump.file + ": " + warning);
        const std::string base = file.filename().string();
        if (read.op_debug) {
            const std::string text = tensor::op_debug_json(*read.op_debug).dump(4);
            stage_text(base + ".output.0.json", text);
            ++outcome.other_files;
            return outcome;
        }
        convert_tensors(read.dump, base, "input", read.dump.inputs, read.dump.header.inputs, outcome);
        convert_tensors(read.dump, base, "output", read.dump.outputs, read.dump.header.outputs, outcome);
        if (target_) return outcome;  // with a target format only tensors are written, as msprobe does
        for (std::size_t i = 0; i < read.dump.buffers.size(); ++i) {
            const bool l1 = read.dump.header.buffers[i].type == 0;
            stage_blob(fmt::format("{}.{}.{}.bin", base, l1 ? "l1buffer" : "buffer", i), read.dump.buffers[i]);
            ++outcome.other_files;
        }
        for (std::size_t i = 0; i < read.dump.spaces.size(); ++i) {
            stage_blob(fmt::format("{}.space.{}.bin", base, i), read.dump.spaces[i]);
            ++outcome.other_files;
        }
        return outcome;
    }

    // The long names replaced so far, in a stable order.
    std::vector<std::pair<std::string, std::string>> renamed() const {
        std::lock_guard lock(mutex_);
        auto rows = renamed_;
        std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        return rows;
    }

private:
    void convert_tensors(const BinDump& dump, const std::string& base, std::string_view io,
                         const std::vector<BinTensor>& tensors, const std::vector<BinTensorHeader>& headers,
                         FileOutcome& outcome) {
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            const std::string what = fmt::format("{}: {} {}", dump.file, io, i);
            if (tensors[i].error) {
                outcome.warnings.push_back(fmt::format("{}: {} {} not converted: {}", dump.file, io, i,
                                                       tensors[i].error->reason()));
                continue;
            }
            const auto values = converted(tensors[i], headers[i], what, outcome.warnings);
            if (!values) continue;
            const std::string name = target_ ? fmt::format("{}.{}.{}.{}.{}", base, io, i, dims_text(values->shape),
                                                           extension(options_.type))
                                             : fmt::format("{}.{}.{}.{}", base, io, i, extension(options_.type));
            stage_tensor(name, *values);
            ++outcome.tensors;
        }
    }

    // The values to write: the logical layout (or the target layout); the
    // device layout, with a warning, for a format without documented
    // unpacking; none, with a warning, when the header cannot be converted.
    std::optional<TensorView> converted(const BinTensor& tensor, const BinTensorHeader& header,
                                        const std::string& what, std::vector<std::string>& warnings) {
        const auto format = static_cast<AscendFormat>(header.format);
        if (tensor::layout_kind(format) == tensor::LayoutKind::Unconvertible) {
            if (target_) {
                warnings.push_back(fmt::format("{}: not converted to {}: format {} has no known layout", what,
                                               *options_.target_format, tensor::format_label(format)));
                return std::nullopt;
            }
            warnings.push_back(fmt::format("{}: written in its device layout: format {} has no known layout", what,
                                           tensor::format_label(format)));
            return tensor.view();
        }
        try {
            const TensorView logical = tensor::logical_values(tensor, header, what, &pool_);
            if (!target_) return logical;
            return tensor::to_target_layout(logical, tensor::logical_format(format, tensor.stored_view().shape.size()),
                                            *target_, what, &pool_);
        } catch (const Error& error) {
            // An inconsistent header leaves the values' positions unknown: nothing is guessed.
            warnings.push_back(fmt::format("{} (not written)", error.what()));
            return std::nullopt;
        }
    }

    fs::path target_path(const std::string& name) {
        const std::string stored = storable_file_name(name);
        if (stored != name) {
            std::lock_guard lock(mutex_);
            renamed_.emplace_back(stored, name);
        }
        return options_.output_dir / stored;
    }

    void stage_tensor(const std::string& name, const TensorView& values) {
        const fs::path target = target_path(name);
        const std::string archive = target.stem().string();
        staged_.stage(target, [&](const fs::path& temp) {
            if (options_.type == TensorFileType::Npy) {
                tensor::write_npy(temp, values);
            } else {
                tensor::write_pt(temp, values, archive);
            }
        });
    }

    void stage_text(const std::string& name, const std::string& text) { staged_.stage_text(target_path(name), text); }

    void stage_blob(const std::string& name, std::span<const std::byte> blob) {
        stage_text(name, std::string(reinterpret_cast<const char*>(blob.data()), blob.size()));
    }

    const KernelDumpConvertOptions& options_;
    ThreadPool& pool_;
    report::StagedFiles& staged_;
    std::optional<AscendFormat> target_;
    mutable std::mutex mutex_;
    std::vector<std::pair<std::string, std::string>> renamed_;  // (new name, long name)
};

std::string existing_mapping(const fs::path& output_dir) {
    const fs::path file = output_dir / kInputMapping;
    std::error_code error;
    if (!fs::exists(fs::symlink_status(file, error))) return {};
    return read_input_file(file, InputKind::Table);
}

}  // namespace

std::vector<fs::path> kernel_dump_inputs(const fs::path& dump_path) {
    std::error_code error;
    const auto status = fs::status(dump_path, error);
    if (!fs::is_regular_file(status) && !fs::is_directory(status)) {
        throw Error("", fmt::format("The path '{}' does not exist or is not a valid file or directory. Please "
                                    "check the path.", dump_path.string()));
    }
    if (!fs::is_directory(status)) return {dump_path};
    std::vector<fs::path> files;
    const std::string empty = fmt::format("The directory '{}' is empty or cannot be accessed.", dump_path.string());
    try {
        for (const auto& entry : fs::directory_iterator(dump_path)) {
            if (entry.is_directory() || entry.path().filename() == kInputMapping) continue;
            files.push_back(entry.path());
        }
    } catch (const fs::filesystem_error&) {
        throw Error("", empty);
    }
    if (files.empty()) throw Error("", empty);
    std::sort(files.begin(), files.end());
    return files;
}

KernelDumpConvertResult convert_kernel_dumps(const KernelDumpConvertOptions& options, ThreadPool& pool) {
    const auto files = kernel_dump_inputs(options.dump_path);
    report::check_output_dir(options.output_dir);
    report::StagedFiles staged(report::Existing::Replace);
    Converter converter(options, pool, staged);  // a bad -f is refused before any file is read

    // Each file is read (header, sizes, op-debug record) and its outputs staged before it is dropped.
    tensor::DumpNameResolver names;
    FileStream stream(files.size());
    {
        Progress progress("Converting dumps", static_cast<std::int64_t>(files.size()), options.show_progress, "files");
        stream.run(pool, [&](std::size_t i) {
            FileOutcome outcome = converter.convert(files[i], read_dump(files[i], names));
            progress.advance();
            return outcome;
        });
    }

    KernelDumpConvertResult result;
    result.files = files.size();
    result.most_files_held = stream.most_held();
    for (const auto& outcome : stream.outcomes()) {
        result.tensors += outcome.tensors;
        result.other_files += outcome.other_files;
        result.warnings.insert(result.warnings.end(), outcome.warnings.begin(), outcome.warnings.end());
    }
    if (const auto renamed = converter.renamed(); !renamed.empty()) {
        staged.stage_text(options.output_dir / kInputMapping,
                          merged_mapping_csv(existing_mapping(options.output_dir), renamed));
        ++result.other_files;
    }
    result.written = staged.commit();
    std::sort(result.written.begin(), result.written.end());  // staging order depends on the threads
    return result;
}

RunSummary convert_summary(const KernelDumpConvertResult& result, const KernelDumpConvertOptions& options) {
    RunSummary run;
    run.verb = "Converted";
    run.total = {result.files, "dump files"};
    run.counts = {{result.tensors, "tensor files"},
                  {result.other_files, "other files"},
                  {result.warnings.size(), "warnings"}};
    if (!result.warnings.empty()) run.first_problem = SummaryProblem{"warning", result.warnings.front(), "", "", ""};
    run.notes.push_back("Into: " + options.output_dir.string());
    run.written = result.written;
    return run;
}

nlohmann::ordered_json summary_json(const KernelDumpConvertResult& result, const KernelDumpConvertOptions& options) {
    nlohmann::ordered_json written = nlohmann::ordered_json::array();
    for (const auto& file : result.written) written.push_back(file.string());
    return {{"files", result.files},
            {"output_path", options.output_dir.string()},
            {"type", extension(options.type)},
            {"tensors", result.tensors},
            {"other_files", result.other_files},
            {"warnings", result.warnings},
            {"written", written}};
}

}  // namespace msprobe::parse
