#import "Cache.h"
#import <CommonCrypto/CommonDigest.h>

@implementation Cache {
    NSCache<NSString *, NSData *> *_memory;
    dispatch_queue_t _queue;
    NSUInteger _hits;
}

+ (instancetype)sharedCache {
    static Cache *shared = nil;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        shared = [[self alloc] initWithName:@"shared"];
    });
    return shared;
}

- (instancetype)initWithName:(NSString *)name {
    if ((self = [super init])) {
        _memory = [[NSCache alloc] init];
        _memory.countLimit = 256;
        _queue = dispatch_queue_create([[@"cache." stringByAppendingString:name] UTF8String], DISPATCH_QUEUE_SERIAL);
    }
    return self;
}

- (NSString *)keyForURL:(NSURL *)url {
    const char *text = url.absoluteString.UTF8String;
    unsigned char digest[CC_SHA256_DIGEST_LENGTH];
    CC_SHA256(text, (CC_LONG)strlen(text), digest);
    NSMutableString *key = [NSMutableString stringWithCapacity:CC_SHA256_DIGEST_LENGTH * 2];
    for (int i = 0; i < CC_SHA256_DIGEST_LENGTH; i++) {
        [key appendFormat:@"%02x", digest[i]];
    }
    return [key copy];
}

- (nullable NSData *)dataForURL:(NSURL *)url {
    __block NSData *data = nil;
    dispatch_sync(_queue, ^{
        data = [self->_memory objectForKey:[self keyForURL:url]];
        if (data) {
            self->_hits += 1;
        }
    });
    return data;
}

- (void)storeData:(NSData *)data forURL:(NSURL *)url {
    NSParameterAssert(data != nil);
    dispatch_async(_queue, ^{
        [self->_memory setObject:data forKey:[self keyForURL:url] cost:data.length];
    });
}

- (NSString *)description {
    return [NSString stringWithFormat:@"<%@: %p; hits = %lu>", NSStringFromClass([self class]), self, (unsigned long)_hits];
}

@end
