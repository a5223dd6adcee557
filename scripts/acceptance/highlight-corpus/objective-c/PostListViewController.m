//
//  PostListViewController.m
//  A list of posts, loaded from the network and cached on disk.
//

#import <UIKit/UIKit.h>
#import "PostListViewController.h"
#import "PostCell.h"
#include <stdint.h>

#define kPageSize 20
#define POST_CELL_ID @"PostCell"

NS_ASSUME_NONNULL_BEGIN

typedef void (^PostsCompletion)(NSArray<NSDictionary *> *_Nullable posts, NSError *_Nullable error);

static NSString *const PLVErrorDomain = @"org.example.posts";
static const CGFloat PLVRowHeight = 88.0;

@interface PostListViewController () <UITableViewDataSource, UITableViewDelegate>
@property (nonatomic, strong) NSMutableArray<NSDictionary *> *posts;
@property (nonatomic, copy, nullable) NSString *nextPageToken;
@property (nonatomic, assign, getter=isLoading) BOOL loading;
@property (nonatomic, weak) IBOutlet UITableView *tableView;
@end

@implementation PostListViewController

@synthesize posts = _posts;

- (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil bundle:(nullable NSBundle *)nibBundleOrNil {
    self = [super initWithNibName:nibNameOrNil bundle:nibBundleOrNil];
    if (self) {
        _posts = [NSMutableArray arrayWithCapacity:kPageSize];
        _loading = NO;
        self.title = NSLocalizedString(@"Posts", @"Title of the post list");
    }
    return self;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    [self.tableView registerClass:[PostCell class] forCellReuseIdentifier:POST_CELL_ID];
    self.tableView.rowHeight = PLVRowHeight;
    UIRefreshControl *refresh = [[UIRefreshControl alloc] init];
    [refresh addTarget:self action:@selector(reload:) forControlEvents:UIControlEventValueChanged];
    self.tableView.refreshControl = refresh;
    [self loadPageWithCompletion:nil];
}

- (void)reload:(id)sender {
    self.nextPageToken = nil;
    [self.posts removeAllObjects];
    __weak typeof(self) weakSelf = self;
    [self loadPageWithCompletion:^(NSArray<NSDictionary *> *posts, NSError *error) {
        __strong typeof(weakSelf) strongSelf = weakSelf;
        if (!strongSelf) { return; }
        [strongSelf.tableView.refreshControl endRefreshing];
        if (error != nil) {
            NSLog(@"Could not reload: %@ (code %ld)", error.localizedDescription, (long)error.code);
        }
    }];
}

- (void)loadPageWithCompletion:(nullable PostsCompletion)completion {
    if (self.isLoading) {
        return;
    }
    self.loading = YES;
    NSURLComponents *components = [NSURLComponents componentsWithString:@"https://example.org/api/posts.json"];
    NSMutableArray<NSURLQueryItem *> *items = [NSMutableArray array];
    [items addObject:[NSURLQueryItem queryItemWithName:@"count" value:[@(kPageSize) stringValue]]];
    if (self.nextPageToken) {
        [items addObject:[NSURLQueryItem queryItemWithName:@"after" value:self.nextPageToken]];
    }
    components.queryItems = items;

    NSURLSessionDataTask *task = [[NSURLSession sharedSession] dataTaskWithURL:components.URL
        completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
            NSArray *decoded = nil;
            NSError *failure = error;
            if (data && !failure) {
                id object = [NSJSONSerialization JSONObjectWithData:data options:0 error:&failure];
                if ([object isKindOfClass:[NSDictionary class]]) {
                    decoded = object[@"posts"];
                    self.nextPageToken = object[@"next"];
                } else if (!failure) {
                    failure = [NSError errorWithDomain:PLVErrorDomain code:1 userInfo:@{
                        NSLocalizedDescriptionKey: @"The server sent something that is not a list of posts."
                    }];
                }
            }
            dispatch_async(dispatch_get_main_queue(), ^{
                self.loading = NO;
                if (decoded.count > 0) {
                    [self.posts addObjectsFromArray:decoded];
                    [self.tableView reloadData];
                }
                if (completion) {
                    completion(decoded, failure);
                }
            });
        }];
    [task resume];
}

#pragma mark - UITableViewDataSource

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return (NSInteger)self.posts.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    PostCell *cell = [tableView dequeueReusableCellWithIdentifier:POST_CELL_ID forIndexPath:indexPath];
    NSDictionary *post = self.posts[(NSUInteger)indexPath.row];
    cell.titleLabel.text = post[@"title"] ?: @"(untitled)";
    cell.detailLabel.text = [NSString stringWithFormat:@"%@ \u2022 %@", post[@"category"], post[@"date"]];
    cell.accessibilityLabel = [@[post[@"title"], post[@"date"]] componentsJoinedByString:@", "];
    return cell;
}

#pragma mark - UITableViewDelegate

- (void)tableView:(UITableView *)tableView willDisplayCell:(UITableViewCell *)cell
    forRowAtIndexPath:(NSIndexPath *)indexPath {
    BOOL nearEnd = indexPath.row + 5 >= (NSInteger)self.posts.count;
    if (nearEnd && self.nextPageToken.length > 0) {
        [self loadPageWithCompletion:nil];
    }
}

- (void)dealloc {
    @try {
        [[NSNotificationCenter defaultCenter] removeObserver:self];
    } @catch (NSException *exception) {
        NSLog(@"%@", exception.reason);
    } @finally {
        _posts = nil;
    }
}

@end

NS_ASSUME_NONNULL_END
