#include "uploadstorefactory.h"

#include "diskuploadstore.h"
#include "hoistdoptions.h"

std::unique_ptr<UploadStore> makeUploadStore(const HoistdOptions &options)
{
    return makeDiskUploadStore(options);
}

std::unique_ptr<DiskUploadStore> makeDiskUploadStore(const HoistdOptions &options)
{
    auto store = std::make_unique<DiskUploadStore>(options.dataDir, options.expireAfter,
                                                   options.keepFinished);
    store->setNamedFolder(options.namedDir);
    return store;
}
