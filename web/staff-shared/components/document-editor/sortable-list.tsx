// A list the person puts in order: by dragging an element's handle (mouse or touch, through
// dnd-kit; with the keyboard too: Space on the handle picks it up, the arrows move it, Space drops
// it), or with its Move up and Move down buttons. Every move is said in words for screen readers.
// An element may be removed with its Remove button (the caller asks first when it holds work).
import { useState, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from '../../../i18n/react';

/**
 * Where a dragged element would go. With a pointer, the element whose centre is nearest. With the
 * keyboard (no pointer), the arrows line the element's top (going up) or bottom (going down) up
 * with its neighbour's: the neighbour whose top or bottom edge it meets. (Centres would keep a tall
 * element, an open lesson, over its own place.)
 */
const nearest: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return closestCenter(args);
  const { collisionRect, droppableRects, droppableContainers } = args;
  return droppableContainers
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      if (!rect) return [];
      const value = Math.min(Math.abs(rect.top - collisionRect.top), Math.abs(rect.bottom - collisionRect.bottom));
      return [{ id: container.id, data: { droppableContainer: container, value } }];
    })
    .sort((a, b) => a.data.value - b.data.value);
};

export interface SortableListProps<T extends { uid: string }> {
  items: readonly T[];
  /** The list's name (an element's position is said within it). */
  label: string;
  /** An element's name for a person: "Lesson 2: Opening an account". */
  itemName: (item: T, index: number) => string;
  onMove: (from: number, to: number) => void;
  onRemove?: (index: number) => void;
  /** No moving or removing (a translator edits text only). */
  fixed?: boolean;
  className?: string;
  children: (item: T, index: number) => ReactNode;
}

export function SortableList<T extends { uid: string }>({
  items,
  label,
  itemName,
  onMove,
  onRemove,
  fixed,
  className,
  children,
}: SortableListProps<T>) {
  const { t } = useTranslation('staff');
  const [said, setSaid] = useState('');
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click or a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (uid: unknown) => {
    const index = items.findIndex((item) => item.uid === uid);
    return index < 0 ? '' : itemName(items[index]!, index);
  };
  const positionOf = (uid: unknown) => items.findIndex((item) => item.uid === uid) + 1;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onMove(from, to);
    setSaid(t('editor.moved', { name: itemName(items[from]!, from), position: to + 1, count: items.length }));
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((item) => item.uid === active.id),
      items.findIndex((item) => item.uid === over.id),
    );
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={nearest}
      onDragEnd={end}
      accessibility={{
        screenReaderInstructions: { draggable: t('editor.dragInstructions') },
        announcements: {
          onDragStart: ({ active }) => t('editor.dragStart', { name: nameOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over
              ? t('editor.dragOver', { name: nameOf(active.id), position: positionOf(over.id), count: items.length })
              : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? t('editor.moved', { name: nameOf(active.id), position: positionOf(over.id), count: items.length })
              : undefined,
          onDragCancel: ({ active }) => t('editor.dragCancel', { name: nameOf(active.id) }),
        },
      }}
    >
      <SortableContext items={items.map((item) => item.uid)} strategy={verticalListSortingStrategy}>
        <ol className={className ? `ce-list ${className}` : 'ce-list'} aria-label={label}>
          {items.map((item, index) => (
            <SortableItem
              key={item.uid}
              uid={item.uid}
              name={itemName(item, index)}
              first={index === 0}
              last={index === items.length - 1}
              fixed={fixed}
              onUp={() => move(index, index - 1)}
              onDown={() => move(index, index + 1)}
              onRemove={onRemove && (() => onRemove(index))}
            >
              {children(item, index)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </DndContext>
  );
}

function SortableItem({
  uid,
  name,
  first,
  last,
  fixed,
  onUp,
  onDown,
  onRemove,
  children,
}: {
  uid: string;
  name: string;
  first: boolean;
  last: boolean;
  fixed?: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('staff');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: uid,
    disabled: fixed,
  });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'ce-item ce-item--dragging' : 'ce-item'}
      // A run-time position while dragging: set through the DOM (CSSOM), which the CSP allows.
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {!fixed && (
        <div className="ce-item-tools">
          <button
            type="button"
            className="ce-handle"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('editor.drag', { name })}
            title={t('editor.drag', { name })}
          >
            <span aria-hidden="true">⠿</span>
          </button>
          {/* aria-disabled, not disabled: the focus stays on the button when the element reaches an end. */}
          <button
            type="button"
            className="ce-tool"
            aria-label={t('editor.moveUp', { name })}
            title={t('editor.moveUp', { name })}
            aria-disabled={first || undefined}
            onClick={() => !first && onUp()}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="ce-tool"
            aria-label={t('editor.moveDown', { name })}
            title={t('editor.moveDown', { name })}
            aria-disabled={last || undefined}
            onClick={() => !last && onDown()}
          >
            <span aria-hidden="true">↓</span>
          </button>
          {onRemove && (
            <button
              type="button"
              className="ce-tool ce-tool--remove"
              aria-label={t('editor.remove', { name })}
              title={t('editor.remove', { name })}
              onClick={onRemove}
            >
              <span aria-hidden="true">✕</span>
            </button>
          )}
        </div>
      )}
      <div className="ce-item-body">{children}</div>
    </li>
  );
}
