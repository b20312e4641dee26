#include "common/mpi_process_group.hpp"

#include <mpi.h>

#include <climits>

namespace msprobe {

namespace {

int checked_count(std::size_t bytes) {
    if (bytes > static_cast<std::size_t>(INT_MAX)) {
        throw Error("", "a text exchanged between the run's processes exceeds 2 GiB");
    }
    return static_cast<int>(bytes);
}

}  // namespace

MpiProcessGroup::MpiProcessGroup() {
    // Only the main thread talks to the other processes; the pools never do.
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    int rank = 0;
    int size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    index_ = static_cast<std::size_t>(rank);
    size_ = static_cast<std::size_t>(size);
}

MpiProcessGroup::~MpiProcessGroup() { leave(0); }

bool MpiProcessGroup::all_succeeded(bool succeeded) {
    int mine = succeeded ? 1 : 0;
    int everyone = 0;
    MPI_Allreduce(&mine, &everyone, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (everyone == 0) failure_agreed_ = true;
    return everyone != 0;
}

std::vector<std::string> MpiProcessGroup::gather_to_first(const std::string& text) {
    const int length = checked_count(text.size());
    std::vector<int> lengths(is_first() ? size_ : 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets(lengths.size());
    std::string all;
    if (is_first()) {
        std::size_t total = 0;
        for (std::size_t i = 0; i < lengths.size(); ++i) {
            offsets[i] = checked_count(total);
            total += static_cast<std::size_t>(lengths[i]);
        }
        checked_count(total);
        all.resize(total);
    }
    MPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0,
                MPI_COMM_WORLD);
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        texts.push_back(all.substr(static_cast<std::size_t>(offsets[i]), static_cast<std::size_t>(lengths[i])));
    }
    return texts;
}

std::string MpiProcessGroup::broadcast_from_first(const std::string& text) {
    int length = is_first() ? checked_count(text.size()) : 0;
    MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::string received = is_first() ? text : std::string(static_cast<std::size_t>(length), '\0');
    MPI_Bcast(received.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
    return received;
}

void MpiProcessGroup::leave(int exit_code) {
    if (left_) return;
    left_ = true;
    // An internal error nobody else knows of may leave the others waiting in a collective.
    if (exit_code == kExitInternal && !failure_agreed_) MPI_Abort(MPI_COMM_WORLD, exit_code);
    MPI_Finalize();
}

}  // namespace msprobe
