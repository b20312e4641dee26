#include "tensor/pt_reader.hpp"

#include <algorithm>
#include <cstring>

#include "common/log.hpp"
#include "tensor/checked_math.hpp"
#include "tensor/mapped_file.hpp"
#include "tensor/read_error.hpp"
#include "tensor/stored_type.hpp"
#include "tensor/torch_pickle.hpp"
#include "tensor/zip_archive.hpp"

namespace msprobe::tensor {

namespace {

// Start of a pre-1.6 torch.save file: PROTO 2, LONG1 of torch's magic number.
constexpr unsigned char kLegacyMagic[] = {0x80, 0x02, 0x8A, 0x0A, 0x6C, 0xFC, 0x9C,
                                          0x46, 0xF9, 0x20, 0x6A, 0xA8, 0x50, 0x19};

bool is_legacy_torch_file(std::span<const std::byte> bytes) {
    return bytes.size() >= sizeof kLegacyMagic && std::memcmp(bytes.data(), kLegacyMagic, sizeof kLegacyMagic) == 0;
}

// The folder every record lives in ("<archive>/"): torch names it after the
// file it saved to, or "archive" for a file object.
std::string archive_prefix(const ZipArchive& archive) {
    std::string prefix;
    for (const auto& entry : archive.entries()) {
        const auto slash = entry.name.find('/');
        if (slash == std::string::npos || slash == 0) {
            fail(archive.file(), ReadFailure::Schema, "record '" + entry.name + "' is outside the archive folder");
        }
        const auto folder = entry.name.substr(0, slash + 1);
        if (prefix.empty()) prefix = folder;
        if (folder != prefix) {
            fail(archive.file(), ReadFailure::Schema,
                 "records do not share one top-level folder ('" + prefix + "', '" + folder + "')");
        }
    }
    if (prefix.empty()) fail(archive.file(), ReadFailure::Schema, "empty ZIP archive, no data.pkl record");
    return prefix;
}

ByteOrder read_byte_order(const ZipArchive& archive, const std::string& prefix) {
    const ZipEntry* entry = archive.find(prefix + "byteorder");
    if (entry == nullptr) return ByteOrder::Little;  // written since torch 2.1; little before
    archive.verify_crc(*entry);
    const auto bytes = archive.stored_data(*entry);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (text == "little") return ByteOrder::Little;
    if (text == "big") return ByteOrder::Big;
    fail(archive.file(), ReadFailure::Corrupt, "record '" + entry->name + "' says '" + std::string(text.substr(0, 32)) +
                                                   "', expected 'little' or 'big'");
}

std::string dims_text(const std::vector<std::int64_t>& dims) {
    std::string text = "[";
    for (std::size_t i = 0; i < dims.size(); ++i) text += (i ? "," : "") + std::to_string(dims[i]);
    return text + "]";
}

// Highest storage element the view touches, for a view with elements.
std::optional<std::int64_t> last_element(const TorchTensorRecord& tensor) {
    std::int64_t last = tensor.storage_offset;
    for (std::size_t i = 0; i < tensor.shape.size(); ++i) {
        const auto reach = checked_mul(tensor.shape[i] - 1, tensor.strides[i]);
        const auto sum = reach ? checked_add(last, *reach) : std::nullopt;
        if (!sum) return std::nullopt;
        last = *sum;
    }
    return last;
}

// A view may read its storage elements more than once (zero or overlapping
// strides: torch.save keeps an expand()ed tensor as it is). msprobe's dumper
// never writes one (it saves contiguous clones), so such a view may only
// grow to this many elements: a few hundred bytes of file must not make the
// readers materialise or the metrics walk billions of elements.
constexpr std::int64_t kMaxRepeatedViewElements = std::int64_t{1} << 24;

// The storage bytes the view may read: checks that every element it reaches
// lies inside both the record and the storage the pickle declared, and that
// its element count is bounded by the storage it reads.
std::span<const std::byte> checked_storage(const ZipArchive& archive, const ZipEntry& record,
                                           const TorchTensorRecord& tensor) {
    const auto bytes = archive.stored_data(record);
    const auto element_size = static_cast<std::int64_t>(tensor.type.stored_size());
    const auto record_size = static_cast<std::int64_t>(bytes.size());
    const auto geometry = [&tensor] {
        return "(offset " + std::to_string(tensor.storage_offset) + ", size " + dims_text(tensor.shape) + ", stride " +
               dims_text(tensor.strides) + ", " + tensor.type.name() + ")";
    };
    const std::int64_t count = element_count(tensor.shape).value_or(0);
    if (count > 0) {
        const auto last = last_element(tensor);
        const auto needed = last ? checked_mul(*last + 1, element_size) : std::nullopt;
        if (!needed) fail(archive.file(), ReadFailure::Corrupt, "tensor reaches beyond 64-bit offsets " + geometry());
        if (*needed > record_size) {
            fail(archive.file(), ReadFailure::Corrupt,
                 "record '" + record.name + "' has " + std::to_string(record_size) + " bytes, tensor needs " +
                     std::to_string(*needed) + " " + geometry());
        }
        if (*needed > tensor.storage_bytes) {
            fail(archive.file(), ReadFailure::Corrupt,
                 "storage declares " + std::to_string(tensor.storage_bytes) + " bytes, tensor needs " +
                     std::to_string(*needed) + " " + geometry());
        }
    }
    const std::int64_t storage_elements = tensor.storage_bytes / element_size;
    if (count > storage_elements && count > kMaxRepeatedViewElements) {
        fail(archive.file(), ReadFailure::Limit,
             "view of " + std::to_string(count) + " elements over a storage of " + std::to_string(storage_elements) +
                 " reads elements repeatedly (zero or overlapping strides); at most " +
                 std::to_string(kMaxRepeatedViewElements) + " are accepted, save tensor.contiguous() instead " +
                 geometry());
    }
    if (record_size < tensor.storage_bytes) {
        fail(archive.file(), ReadFailure::Corrupt,
             "record '" + record.name + "' has " + std::to_string(record_size) + " bytes, the storage declares " +
                 std::to_string(tensor.storage_bytes));
    }
    if (record_size > tensor.storage_bytes) {
        log::warning(archive.file() + ": record '" + record.name + "' has " + std::to_string(record_size) +
                     " bytes, more than the " + std::to_string(tensor.storage_bytes) + " its storage declares");
    }
    const auto whole_elements = tensor.storage_bytes / element_size * element_size;
    return bytes.first(static_cast<std::size_t>(whole_elements));
}

}  // namespace

namespace {

// The archive of a torch.save file, checked, with its data.pkl record.
struct TorchArchive {
    ZipArchive archive;
    std::string prefix;
    ByteOrder order = ByteOrder::Little;
    const ZipEntry* pickle_record = nullptr;
};

// A checkpoint keeps one storage record per tensor.
constexpr std::size_t kMaxCheckpointRecords = std::size_t{1} << 20;

TorchArchive open_torch_archive(std::span<const std::byte> bytes, const std::string& file, std::size_t max_records) {
    if (is_legacy_torch_file(bytes)) {
        fail(file, ReadFailure::Unsupported,
             "legacy torch serialization (before torch 1.6), re-save with a recent torch");
    }
    if (!has_zip_signature(bytes)) fail(file, ReadFailure::BadMagic, "not a torch.save file (no ZIP signature)");
    TorchArchive torch{ZipArchive(bytes, file, max_records), {}, ByteOrder::Little, nullptr};
    torch.prefix = archive_prefix(torch.archive);
    if (torch.archive.find(torch.prefix + "constants.pkl") != nullptr) {
        fail(file, ReadFailure::Unsupported, "TorchScript archive, not a tensor file");
    }
    torch.pickle_record = torch.archive.find(torch.prefix + "data.pkl");
    if (torch.pickle_record == nullptr) fail(file, ReadFailure::Schema, "no record '" + torch.prefix + "data.pkl'");
    torch.order = read_byte_order(torch.archive, torch.prefix);
    torch.archive.verify_crc(*torch.pickle_record);
    return torch;
}

TensorView view_of(const TorchArchive& torch, const TorchTensorRecord& tensor, std::shared_ptr<const void> owner,
                   const PtReadOptions& options) {
    const std::string& file = torch.archive.file();
    const ZipEntry* storage_record = torch.archive.find(torch.prefix + "data/" + tensor.storage_key);
    if (storage_record == nullptr) {
        fail(file, ReadFailure::Schema,
             "record '" + torch.prefix + "data/" + tensor.storage_key + "' named by data.pkl is missing");
    }
    if (options.verify_storage_crc) torch.archive.verify_crc(*storage_record);
    const auto storage = checked_storage(torch.archive, *storage_record, tensor);
    const HostElements elements = to_host_elements(storage, tensor.type, torch.order, std::move(owner));

    TensorView view;
    view.dtype = tensor.type.dtype;
    view.shape = tensor.shape;
    view.strides = tensor.strides;
    view.owner = elements.owner;
    view.data = elements.data;
    if (view.numel() > 0) view.data += static_cast<std::size_t>(tensor.storage_offset) * dtype_size(view.dtype);
    return view;
}

}  // namespace

TensorView read_pt(std::span<const std::byte> bytes, std::shared_ptr<const void> owner, const std::string& file,
                   const PtReadOptions& options) {
    const TorchArchive torch = open_torch_archive(bytes, file, ZipArchive::kMaxEntries);
    const TorchTensorRecord tensor =
        unpickle_tensor(torch.archive.stored_data(*torch.pickle_record), file, torch.pickle_record->name);
    return view_of(torch, tensor, std::move(owner), options);
}

PtObject read_pt_object(const std::filesystem::path& file, const PtReadOptions& options) {
    const auto mapped = MappedFile::open(file);
    const TorchArchive torch = open_torch_archive(mapped->bytes(), mapped->path(), kMaxCheckpointRecords);
    UnpickledObject unpickled =
        unpickle_object(torch.archive.stored_data(*torch.pickle_record), mapped->path(), torch.pickle_record->name);
    PtObject object;
    object.root = std::move(unpickled.root);
    for (const auto& tensor : unpickled.tensors) object.tensors.push_back(view_of(torch, tensor, mapped, options));
    return object;
}

TensorView read_pt(const std::filesystem::path& file, const PtReadOptions& options) {
    const auto mapped = MappedFile::open(file);
    return read_pt(mapped->bytes(), mapped, mapped->path(), options);
}

}  // namespace msprobe::tensor
