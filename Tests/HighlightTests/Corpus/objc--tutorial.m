#import <Foundation/Foundation.h>
#include "Note.h"

/* Step 1: a note with a title. */
@interface Note : NSObject <NSCopying>
@property (nonatomic, copy) NSString *title;
@property (nonatomic, assign, getter=isPinned) BOOL pinned;
- (instancetype)initWithTitle:(NSString *)title;
@end

@implementation Note
- (instancetype)initWithTitle:(NSString *)title {
    if ((self = [super init])) {
        _title = [title copy];
    }
    return self;
}

// Step 2: copying keeps the title.
- (id)copyWithZone:(NSZone *)zone {
    Note *copy = [[Note allocWithZone:zone] initWithTitle:self.title];
    copy.pinned = self.pinned;
    return copy;
}
@end

int main(int argc, const char *argv[]) {
    @autoreleasepool {
        NSArray<Note *> *notes = @[[[Note alloc] initWithTitle:@"Welcome"], [[Note alloc] initWithTitle:@"Tips"]];
        for (Note *note in notes) {
            NSLog(@"%@ (%d chars) %s", note.title, (int)note.title.length, note.isPinned ? "pinned" : "");
        }
        NSDictionary *counts = @{@"all": @(notes.count), @"max": @0x10};
        if (counts[@"all"] == nil) { return 1; }
    }
    return 0;
}
